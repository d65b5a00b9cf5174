import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const ROOT = path.resolve(import.meta.dirname, '../../..')

export type AppProcess = {
  /** The URL printed by `npm start`, with the access token. */
  url: string
  origin: string
  localGatewayUrl: string
  userDataDir: string
  output: () => string
  stop(): Promise<void>
}

/** A gateway config for e2e: fast replies, so tests wait on behaviour, not on simulated typing. */
const FAST_GATEWAY_CONFIG = { simulator: { ttftMs: 30, tokensPerSecond: 1500 } }

/**
 * Starts the app in browser mode exactly as a user does (`npm start -- --browser`, here through tsx
 * with --no-build since global setup built it), with its own user data folder, and waits for the URL.
 */
export async function startApp(
  options: { userDataDir?: string; gatewayConfig?: object; env?: NodeJS.ProcessEnv } = {},
): Promise<AppProcess> {
  const userDataDir = options.userDataDir ?? mkdtempSync(path.join(os.tmpdir(), 'playground-e2e-'))
  const configPath = path.join(userDataDir, '..', `${path.basename(userDataDir)}-gateway.json`)
  writeFileSync(configPath, JSON.stringify(options.gatewayConfig ?? FAST_GATEWAY_CONFIG))
  const child: ChildProcess = spawn(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'),
      path.join(ROOT, 'scripts/start.ts'),
      '--browser',
      '--no-build',
      '--port',
      '0',
    ],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        ...options.env,
        PLAYGROUND_USER_DATA: userDataDir,
        PLAYGROUND_GATEWAY_CONFIG: configPath,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))

  const started = await new Promise<{ url: string; gateway: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the app did not start within 30 s:\n${output}`)), 30_000)
    const check = (): void => {
      const url = /Open: (http:\/\/\S+)/.exec(output)?.[1]
      const gateway = /Local gateway: (http:\/\/\S+)/.exec(output)?.[1]
      if (url && gateway) {
        clearTimeout(timer)
        resolve({ url, gateway })
      }
    }
    child.stdout?.on('data', check)
    child.on('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`the app exited with ${code} before starting:\n${output}`))
    })
  })

  return {
    url: started.url,
    origin: new URL(started.url).origin,
    localGatewayUrl: started.gateway,
    userDataDir,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
        setTimeout(() => child.kill('SIGKILL'), 10_000).unref()
      }),
  }
}
