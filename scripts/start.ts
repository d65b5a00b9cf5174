// `npm start`: the Electron app when its runtime binary is installed, otherwise browser mode (the same
// app served on loopback to a browser), saying why. `--browser` forces browser mode.
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { startBrowserMode } from '@main/browser-main'
import { buildApp } from './build-app'
import { defaultUserDataDir, electronBinary } from './electron-runtime'
import { DEFAULT_ELECTRON_DOWNLOAD_TIMEOUT_MS, fetchElectronRuntime } from './fetch-electron-runtime'

const USAGE = `Usage: npm start [-- options]

  --browser        Browser mode even if Electron is installed: the app is served on 127.0.0.1 and
                   opened in any browser with the printed URL (it carries a per-launch access token).
  --port <n>       Port for browser mode (default: a free port).
  --no-build       Use the existing build in out/ instead of building first.
  --no-download    Do not try to download the Electron runtime when it is missing.
  -h, --help       Show this help.

Environment:
  PLAYGROUND_USER_DATA        Folder for settings and history (default: ${defaultUserDataDir()}).
  PLAYGROUND_GATEWAY_CONFIG   Config file for the built-in local gateway (see docs/gateway.md).
  PLAYGROUND_MAX_CONVERSATION_MB
                              Largest conversation file loaded (default 256); larger ones are set
                              aside as <name>.too-large-<time>, never deleted.
  PLAYGROUND_ELECTRON_DOWNLOAD_TIMEOUT  Seconds allowed for the one-time Electron runtime download
                              (default ${DEFAULT_ELECTRON_DOWNLOAD_TIMEOUT_MS / 1000}).
  ELECTRON_SKIP_BINARY_DOWNLOAD=1       Never download the Electron runtime (browser mode).
`

const root = path.resolve(import.meta.dirname, '..')

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      browser: { type: 'boolean', default: false },
      port: { type: 'string' },
      'no-build': { type: 'boolean', default: false },
      'no-download': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  })
  if (values.help) {
    process.stdout.write(USAGE)
    return
  }
  const port = values.port === undefined ? undefined : Number(values.port)
  if (port !== undefined && (!Number.isInteger(port) || port < 0 || port > 65535)) {
    throw new Error(`--port must be an integer from 0 to 65535 (got ${values.port}).`)
  }

  if (!values['no-build']) {
    process.stdout.write('Building the app (electron-vite build)…\n')
    buildApp(root)
  }

  let electron = electronBinary(root)
  if (!values.browser && !electron.path && electron.downloadable && values['no-download']) {
    electron = { ...electron, reason: `${electron.reason} (--no-download: not fetched)` }
  } else if (!values.browser && !electron.path && electron.downloadable) {
    electron = await fetchElectronRuntime({
      root,
      timeoutMs: downloadTimeoutMs(process.env.PLAYGROUND_ELECTRON_DOWNLOAD_TIMEOUT),
      write: (text) => process.stdout.write(text),
    })
  }
  if (!values.browser && electron.path) {
    process.stdout.write(`Starting the Electron app (${electron.path}).\n`)
    const child = spawn(electron.path, [root], { stdio: 'inherit', env: process.env })
    child.on('exit', (code) => process.exit(code ?? 0))
    return
  }
  if (!values.browser)
    process.stdout.write(`Electron is not available: ${electron.reason}\nStarting browser mode instead.\n`)

  const packageJson = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string }
  const running = await startBrowserMode({
    userDataDir: process.env.PLAYGROUND_USER_DATA ?? defaultUserDataDir(),
    rendererDir: path.join(root, 'out/renderer'),
    version: packageJson.version,
    ...(port === undefined ? {} : { port }),
  })
  process.stdout.write(
    [
      '',
      'Model Gateway Playground is running in browser mode.',
      `  Open: ${running.url}`,
      "  (the address carries this launch's access token; keep it to yourself)",
      `  Local gateway: ${running.services.localGatewayUrl}`,
      'Stop with Ctrl+C.',
      '',
    ].join('\n'),
  )
  let stopping = false
  const stop = (): void => {
    if (stopping) return
    stopping = true
    running.close().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

function downloadTimeoutMs(seconds: string | undefined): number {
  const parsed = Number(seconds)
  return seconds !== undefined && Number.isFinite(parsed) && parsed > 0
    ? parsed * 1000
    : DEFAULT_ELECTRON_DOWNLOAD_TIMEOUT_MS
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).message}\n`)
  process.exit(1)
})
