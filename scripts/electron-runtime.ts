import { existsSync, readFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/**
 * Where the Electron runtime binary is, without triggering its lazy download (requiring the `electron`
 * package would try to fetch it when missing): the package writes `path.txt` once the binary exists.
 */
export function electronBinary(root: string): { path: string | null; reason: string } {
  const packageDir = path.join(root, 'node_modules', 'electron')
  if (!existsSync(path.join(packageDir, 'package.json'))) {
    return { path: null, reason: 'the electron package is not installed (run npm ci).' }
  }
  const pathFile = path.join(packageDir, 'path.txt')
  if (!existsSync(pathFile)) {
    return {
      path: null,
      reason:
        'its runtime binary was never downloaded (installs with ELECTRON_SKIP_BINARY_DOWNLOAD=1, or no access to the download). Run `npx install-electron` where the download is reachable.',
    }
  }
  const binary = path.join(packageDir, 'dist', readFileSync(pathFile, 'utf8').trim())
  if (!existsSync(binary)) return { path: null, reason: `its runtime binary is missing at ${binary}.` }
  return { path: binary, reason: '' }
}

/** Electron's own default for this app (`app.getPath('userData')`), so both shells share one folder. */
export function defaultUserDataDir(): string {
  const name = 'model-gateway-playground'
  if (process.platform === 'darwin') return path.join(os.homedir(), 'Library', 'Application Support', name)
  if (process.platform === 'win32') {
    return path.join(process.env.APPDATA ?? path.join(os.homedir(), 'AppData', 'Roaming'), name)
  }
  return path.join(process.env.XDG_CONFIG_HOME ?? path.join(os.homedir(), '.config'), name)
}
