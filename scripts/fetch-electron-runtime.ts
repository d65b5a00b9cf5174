import { spawn } from 'node:child_process'
import path from 'node:path'
import { electronBinary, type ElectronBinary } from './electron-runtime'

export type FetchElectronRuntimeOptions = {
  /** The project root (its node_modules/electron is where the runtime goes). */
  root: string
  /** Upper bound for the whole download and unpack; the child is killed after it. */
  timeoutMs: number
  /** How often to print "still downloading" while the installer is quiet. */
  heartbeatMs?: number
  env?: NodeJS.ProcessEnv
  /** Where progress goes (stdout for `npm start`). */
  write: (line: string) => void
}

export const DEFAULT_ELECTRON_DOWNLOAD_TIMEOUT_MS = 300_000

/**
 * `npm start` on a machine whose Electron package has no runtime binary yet (npm's `allowScripts`
 * policy does not run Electron's postinstall, so a plain `npm ci` never downloads it): runs Electron's
 * own installer (`node_modules/electron/install.js`, the script its postinstall would have run) once,
 * with its output shown, a heartbeat while it is quiet and a hard time limit. Resolves to the binary,
 * or to the reason it is still missing so the caller can fall back to browser mode saying why.
 *
 * Why not in postinstall: a failed download there would fail `npm ci` itself, and users who only
 * want browser mode (or machines without the download, like CI) would never get an install.
 */
export async function fetchElectronRuntime(options: FetchElectronRuntimeOptions): Promise<ElectronBinary> {
  const env = options.env ?? process.env
  if (env.ELECTRON_SKIP_BINARY_DOWNLOAD) {
    return {
      path: null,
      reason:
        'its runtime binary is not installed and ELECTRON_SKIP_BINARY_DOWNLOAD is set, so it was not downloaded.',
    }
  }
  const installer = path.join(options.root, 'node_modules', 'electron', 'install.js')
  const seconds = Math.round(options.timeoutMs / 1000)
  options.write(`Downloading the Electron runtime with Electron's installer (once; at most ${seconds} s)…\n`)

  const outcome = await runInstaller(installer, options, env)
  const after = electronBinary(options.root)
  if (after.path) {
    options.write('The Electron runtime is installed.\n')
    return after
  }
  return { path: null, reason: `the Electron runtime could not be downloaded: ${outcome}` }
}

/** Runs the installer; resolves to a one-line account of how it ended (used only when it failed). */
function runInstaller(
  installer: string,
  options: FetchElectronRuntimeOptions,
  env: NodeJS.ProcessEnv,
): Promise<string> {
  return new Promise((resolve) => {
    const started = Date.now()
    const child = spawn(process.execPath, [installer], {
      cwd: path.dirname(installer),
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let lastLine = ''
    const show = (chunk: Buffer): void => {
      // Stack frames are left out: an offline download is an expected ending, not a crash, and the
      // last line that is not one is the installer's own account of what went wrong.
      const lines = chunk
        .toString('utf8')
        .split(/\r?\n|\r/)
        .filter((line) => line.trim() !== '' && !/^\s*at /.test(line))
      for (const line of lines) {
        lastLine = line.trim()
        options.write(`  electron: ${line}\n`)
      }
    }
    child.stdout.on('data', show)
    child.stderr.on('data', show)
    const heartbeat = setInterval(() => {
      options.write(`  … still downloading (${Math.round((Date.now() - started) / 1000)} s)\n`)
    }, options.heartbeatMs ?? 10_000)
    let timedOut = false
    const limit = setTimeout(() => {
      timedOut = true
      child.kill('SIGKILL')
    }, options.timeoutMs)
    const finish = (account: string): void => {
      clearInterval(heartbeat)
      clearTimeout(limit)
      resolve(account)
    }
    child.once('error', (error) => finish(`the installer could not start (${error.message}).`))
    child.once('close', (code, signal) => {
      if (timedOut) finish(`no result within ${Math.round(options.timeoutMs / 1000)} s (stopped).`)
      else if (code === 0) finish('the installer finished but left no runtime binary.')
      else
        finish(
          `${lastLine || `the installer exited with ${code ?? signal}`} (offline, or the download is blocked?).`,
        )
    })
  })
}
