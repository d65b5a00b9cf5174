import type { KnipConfig } from 'knip'

// `npx knip` (part of `npm run check`): no unused file, export or dependency. Knip finds the entries of
// electron-vite, vitest, playwright and the npm scripts by itself; listed here is only what it cannot see.
const config: KnipConfig = {
  entry: [
    // Scripts that tests start as child processes or bundle by path, never import.
    'src/**/__fixtures__/*-{writer,status,page}.ts',
    'test/integration/**/*-child.ts',
    // A benchmark run by hand (docs/performance.md says how), not from package.json.
    'scripts/bench/tail-markdown-cost.ts',
  ],
  // Run by path (`node node_modules/electron-builder/cli.js` in scripts/package-app.ts), not imported.
  ignoreDependencies: ['electron-builder'],
  // System tools the bench and the FIFO tests call when present; not npm packages.
  ignoreBinaries: ['taskset', 'mkfifo'],
}

export default config
