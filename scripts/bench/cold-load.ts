// R5: the renderer's initial JS (what index.html loads before anything can paint) gzipped, and the
// first contentful paint of a cold load of the production build (fresh browser context: no cache).
import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Browser } from 'playwright-core'
import { NAME_SHIM } from './page-probe'

export type BundleFigures = {
  initialJsFiles: string[]
  initialJsBytes: number
  initialJsGzipBytes: number
  /** Chunks loaded later, on demand (import()). */
  lazyJsGzipBytes: Record<string, number>
  cssGzipBytes: number
}

export function bundleFigures(rendererDir: string): BundleFigures {
  const html = readFileSync(path.join(rendererDir, 'index.html'), 'utf8')
  const initial = [
    ...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((match) => path.normalize(match[1] ?? ''))
  const gz = (file: string): number => gzipSync(readFileSync(path.join(rendererDir, file))).length
  const assets = readdirSync(path.join(rendererDir, 'assets'))
  const lazyJsGzipBytes: Record<string, number> = {}
  for (const asset of assets) {
    const file = path.join('assets', asset)
    if (asset.endsWith('.js') && !initial.includes(file)) lazyJsGzipBytes[asset] = gz(file)
  }
  return {
    initialJsFiles: initial,
    initialJsBytes: initial.reduce((sum, file) => sum + readFileSync(path.join(rendererDir, file)).length, 0),
    initialJsGzipBytes: initial.reduce((sum, file) => sum + gz(file), 0),
    lazyJsGzipBytes,
    cssGzipBytes: assets
      .filter((a) => a.endsWith('.css'))
      .reduce((sum, a) => sum + gz(path.join('assets', a)), 0),
  }
}

export type ColdLoad = {
  /** First contentful paint (ms after navigation start). */
  fcpMs: number
  /** The app itself rendered: the composer is in the page (ms after navigation start). */
  appMs: number
}

/**
 * Cold loads of `url`, each in a fresh context (no cache), `rounds` times: the first contentful paint
 * (the static frame of index.html) and when the app itself has rendered (its composer is there).
 */
export async function coldLoads(
  browser: Browser,
  url: string,
  throttle: number,
  rounds: number,
): Promise<ColdLoad[]> {
  const loads: ColdLoad[] = []
  for (let round = 0; round < rounds; round++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    try {
      const page = await context.newPage()
      await page.addInitScript(NAME_SHIM)
      const cdp = await context.newCDPSession(page)
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle })
      await page.goto(url, { waitUntil: 'commit' })
      loads.push(
        await page.evaluate(
          () =>
            new Promise<ColdLoad>((resolve) => {
              const w = globalThis as unknown as {
                performance: { now(): number }
                document: { querySelector(selector: string): unknown }
                requestAnimationFrame(callback: () => void): number
                PerformanceObserver: new (
                  callback: (list: { getEntries(): Array<{ name: string; startTime: number }> }) => void,
                ) => { observe(options: object): void }
              }
              let fcpMs = NaN
              let appMs = NaN
              const done = (): void => {
                if (!Number.isNaN(fcpMs) && !Number.isNaN(appMs)) resolve({ fcpMs, appMs })
              }
              new w.PerformanceObserver((list) => {
                const entry = list.getEntries().find((e) => e.name === 'first-contentful-paint')
                if (entry) {
                  fcpMs = entry.startTime
                  done()
                }
              }).observe({ type: 'paint', buffered: true })
              const poll = (): void => {
                if (w.document.querySelector('[aria-label="Message"]')) {
                  appMs = w.performance.now()
                  done()
                } else w.requestAnimationFrame(poll)
              }
              poll()
            }),
        ),
      )
    } finally {
      await context.close()
    }
  }
  return loads
}
