import { resolve } from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'electron-vite'
import type { Plugin } from 'vite'

/**
 * The renderer's Content-Security-Policy, in the built page only: the dev server needs an inline
 * script for React refresh. No inline or eval'd script in production; the page talks only to itself.
 */
export const RENDERER_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
  "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'"

function contentSecurityPolicy(): Plugin {
  return {
    name: 'content-security-policy',
    apply: 'build',
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: { 'http-equiv': 'Content-Security-Policy', content: RENDERER_CSP },
        injectTo: 'head-prepend',
      },
    ],
  }
}

/**
 * Code outside a folder's own area imports by alias, not by `../../../` (the electron-vite convention):
 * `@shared/…` the pure core, `@node/…` the Node-only helpers, `@gateway` the local gateway's front door,
 * `@main/…`, `@renderer/…`, and `@test/…`, `@scripts/…` for tests and benchmarks. The same table is in tsconfig.base.json
 * (`paths`) for the type checker and tsx, and vitest.config.ts reads it from here.
 */
export const ALIASES = {
  '@shared': resolve(__dirname, 'src/shared'),
  '@node': resolve(__dirname, 'src/node'),
  '@gateway': resolve(__dirname, 'src/gateway'),
  '@main': resolve(__dirname, 'src/main'),
  '@renderer': resolve(__dirname, 'src/renderer/src'),
  '@test': resolve(__dirname, 'test'),
  '@scripts': resolve(__dirname, 'scripts'),
}

/**
 * Rolldown's note that plugins took a large share of a build is about build speed, which depends on
 * how busy the machine is; `npm start` prints only what the user can act on (issue 28, item 11).
 */
const QUIET_CHECKS = { bundlerTimings: false }

export default defineConfig({
  main: {
    resolve: { alias: ALIASES },
    build: {
      outDir: 'out/main',
      rollupOptions: {
        checks: QUIET_CHECKS,
        // The local gateway's worker thread is an entry of its own, `out/main/gateway-worker.js`, next
        // to `index.js` (src/main/services/local-gateway/start-gateway-worker.ts loads it from there).
        input: {
          index: resolve(__dirname, 'src/main/index.ts'),
          'gateway-worker': resolve(__dirname, 'src/main/services/local-gateway/gateway-worker.ts'),
        },
        output: { entryFileNames: '[name].js' },
        // keytar is an optional dependency (npm skips it where it cannot build): always loaded at run
        // time, so a machine without it still builds and the app falls back to a session-only key.
        external: ['keytar'],
      },
    },
  },
  preload: {
    resolve: { alias: ALIASES },
    build: {
      outDir: 'out/preload',
      // A sandboxed preload can only require('electron'): one self-contained CommonJS file.
      externalizeDeps: false,
      rollupOptions: {
        checks: QUIET_CHECKS,
        input: { index: resolve(__dirname, 'src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src/renderer'),
    resolve: { alias: ALIASES },
    plugins: [react(), contentSecurityPolicy()],
    build: {
      outDir: 'out/renderer',
      // electron-vite leaves the renderer unminified (Electron loads it from disk); browser mode serves
      // it over HTTP and the initial-JS budget (performance.md R5) is counted gzipped and minified.
      minify: true,
      // Vite's 500 kB warning is about raw size on the web; this app's budget is R5's (the initial JS,
      // counted gzipped and checked by bench:render). The largest chunks, the o200k tokenizer's ranks
      // of the context meter (its worker and its in-thread fallback), load only when first counted.
      chunkSizeWarningLimit: 2500,
      rollupOptions: {
        checks: QUIET_CHECKS,
        input: { index: resolve(__dirname, 'src/renderer/index.html') },
      },
    },
  },
})
