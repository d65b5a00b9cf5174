import { existsSync, readFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export type ElectronBinary = {
  path: string | null
  reason: string
  /** The package is installed but its runtime is not: Electron's installer can fetch it. */
  downloadable?: boolean
}

/**
 * Where the Electron runtime binary is, without triggering its lazy download (requiring the `electron`
 * package would try to fetch it when missing): the package writes `path.txt` once the binary exists.
 */
export function electronBinary(root: string): ElectronBinary {
  const packageDir = path.join(root, 'node_modules', 'electron')
  if (!existsSync(path.join(packageDir, 'package.json'))) {
    return { path: null, reason: 'the electron package is not installed (run npm ci).' }
  }
  const pathFile = path.join(packageDir, 'path.txt')
  if (!existsSync(pathFile)) {
    return { path: null, reason: 'its runtime binary was never downloaded.', downloadable: true }
  }
  const binary = path.join(packageDir, 'dist', readFileSync(pathFile, 'utf8').trim())
  if (!existsSync(binary)) {
    return { path: null, reason: `its runtime binary is missing at ${binary}.`, downloadable: true }
  }
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
