import { spawnSync } from 'node:child_process'
import path from 'node:path'

/**
 * Builds the app (`electron-vite build`: main, preload and the production renderer into out/), as
 * `npm start`, the e2e run and the benchmarks do before they start it. Build errors go to stderr.
 */
export function buildApp(root: string): void {
  const build = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
  )
  if (build.status !== 0) throw new Error('The build (electron-vite build) failed: see above.')
}
