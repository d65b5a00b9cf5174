/**
 * Debian's Chromium, as every browser test and benchmark here launches it: Playwright cannot download
 * its own browsers on these machines, and without the background-networking flags Chromium's calls
 * home are refused by the closed network, many at a time.
 */
export const CHROMIUM_EXECUTABLE = process.env.PLAYWRIGHT_CHROMIUM ?? '/usr/bin/chromium'

export const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]
