import { spawnSync } from 'node:child_process'
import path from 'node:path'

/** Builds the app once for the whole run; every test then starts hosts with `--no-build`. */
export default function globalSetup(): void {
  const root = path.resolve(import.meta.dirname, '../../..')
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  )
  if (result.status !== 0) throw new Error('electron-vite build failed before the e2e run')
}
