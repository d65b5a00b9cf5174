import { existsSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { build } from 'esbuild'
import { chromium, type Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createFakeHandlers, type FakeHandlers } from '../../support/fake-handlers'
import { createRendererDir, type RendererDir } from '@main/browser-host/__fixtures__/renderer-dir'
import { createBrowserHost, type BrowserHost } from '@main/browser-host'
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../../support/chromium'

/**
 * The CSRF and DNS-rebinding story in a real browser: our page (the real bridge, bundled) invokes and
 * receives events; a page of another loopback origin, and a rebound host name, cannot invoke.
 */

const REBOUND_NAME = 'rebind.test'
const repoRoot = path.resolve(import.meta.dirname, '../../..')

const TEST_PAGE_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Bridge test</title>
    <link rel="icon" href="data:," />
    <script type="module" src="/assets/bridge-test-page.js"></script>
  </head>
  <body><p id="status">loading</p></body>
</html>
`

type PageResults = { shell: string; invokes: unknown[]; events: unknown[] }
type AttackResults = Record<string, string>

let browser: Browser
let dir: RendererDir
let fake: FakeHandlers
let host: BrowserHost
let attacker: Server
let attackerOrigin: string
const log = vi.fn<(line: string) => void>()

/** The other origin's page: every way a page can try to reach the host without being it. */
function attackerPage(target: string, token: string): string {
  return `<!doctype html><html><body><iframe name="sink"></iframe><script>
  window.attack = {}
  const target = ${JSON.stringify(target)}
  const token = ${JSON.stringify(token)}
  const settle = (name, promise) =>
    promise.then((r) => (window.attack[name] = 'answered ' + r.type + ' ' + r.status),
                 (e) => (window.attack[name] = 'failed ' + e.name))
  // Even knowing the token, the custom header needs a preflight the host never allows.
  settle('jsonWithToken', fetch(target + '/api/invoke/history%3Adelete', {
    method: 'POST', headers: { 'content-type': 'application/json', 'x-playground-token': token },
    body: JSON.stringify({ id: 'c1' }) }))
  // A "simple" request needs no preflight: it reaches the host, which must refuse it.
  settle('simpleNoCors', fetch(target + '/api/invoke/history%3Adelete', {
    method: 'POST', mode: 'no-cors', headers: { 'content-type': 'text/plain' }, body: '{"id":"c1"}' }))
  settle('events', fetch(target + '/api/events', { headers: { 'x-playground-token': token } }))
  // A classic form post, into an iframe.
  const form = document.createElement('form')
  form.method = 'POST'; form.enctype = 'text/plain'; form.target = 'sink'
  form.action = target + '/api/invoke/history%3Adelete'
  const field = document.createElement('input'); field.name = '{"id":"c1","x":"'; field.value = '"}'
  form.appendChild(field); document.body.appendChild(form); form.submit()
  window.attack.formSubmitted = 'yes'
</script></body></html>`
}

// Debian's Chromium (apt install chromium); without it there is no real browser to test in.
describe.skipIf(!existsSync(CHROMIUM_EXECUTABLE))('browser mode in a real browser', () => {
  beforeAll(async () => {
    dir = await createRendererDir()
    await writeFile(path.join(dir.rendererDir, 'index.html'), TEST_PAGE_HTML)
    await mkdir(path.join(dir.rendererDir, 'assets'), { recursive: true })
    await build({
      entryPoints: [path.join(repoRoot, 'src/renderer/src/lib/__fixtures__/bridge-test-page.ts')],
      outfile: path.join(dir.rendererDir, 'assets/bridge-test-page.js'),
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      logLevel: 'silent',
    })
    fake = createFakeHandlers()
    host = await createBrowserHost({ handlers: fake.handlers, rendererDir: dir.rendererDir, log })

    attacker = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      res.end(attackerPage(host.origin, host.token))
    })
    await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve))
    attackerOrigin = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`

    browser = await chromium.launch({
      executablePath: CHROMIUM_EXECUTABLE,
      args: [
        ...CHROMIUM_ARGS,
        // DNS rebinding without a DNS server: this name resolves to loopback, like a rebound record.
        `--host-resolver-rules=MAP ${REBOUND_NAME} 127.0.0.1`,
        // Chromium's Local Network Access would block the rebound page's fetch by itself; browsers
        // without it (Firefox, Safari, older Chrome) must be stopped by the host's Host check alone.
        '--disable-features=LocalNetworkAccessChecks',
      ],
    })
  }, 60_000)

  afterAll(async () => {
    await browser?.close()
    await host?.close()
    await new Promise<void>((resolve) => (attacker ? attacker.close(() => resolve()) : resolve()))
    await dir?.remove()
  })

  it('our page invokes and receives events through the real bridge, and survives a reload', async () => {
    const page = await browser.newPage()
    const problems: string[] = []
    page.on('pageerror', (error) => problems.push(error.message))
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text())
    })

    await page.goto(host.url)
    await page.waitForSelector('#status:text("ready")')
    const results = () =>
      page.evaluate(
        () => (globalThis as unknown as { bridgeTest: { results: PageResults } }).bridgeTest.results,
      )
    expect((await results()).shell).toBe('browser')
    expect((await results()).invokes).toEqual([
      {
        ok: true,
        value: {
          version: '0.0.0-test',
          shell: 'browser',
          platform: 'linux',
          quarantinedFiles: [],
          canCopyWithKey: false,
        },
      },
    ])
    expect(fake.spies['app:info']).toHaveBeenCalledTimes(1)
    // The token left the address bar at once, and waits in sessionStorage for a reload.
    expect(page.url()).toBe(`${host.origin}/`)
    expect(
      await page.evaluate(() =>
        (
          globalThis as unknown as { sessionStorage: { getItem(key: string): string | null } }
        ).sessionStorage.getItem('playground-access-token'),
      ),
    ).toBe(host.token)

    // The stream opens asynchronously: emit until the page has one, then check what arrived.
    const update = { runId: 'run-1', note: 'émis par main' }
    await expect
      .poll(
        async () => {
          host.emit('chat:update', update as never)
          return (await results()).events.length
        },
        { timeout: 10_000 },
      )
      .toBeGreaterThan(0)
    expect((await results()).events[0]).toEqual(update)

    await page.reload()
    await page.waitForSelector('#status:text("ready")')
    expect(fake.spies['app:info']).toHaveBeenCalledTimes(2)
    expect((await results()).invokes).toEqual([expect.objectContaining({ ok: true })])
    // CSP allowed everything the bridge does; nothing was blocked or failed.
    expect(problems).toEqual([])
    await page.close()
  })

  it('a page of another loopback origin cannot invoke, even knowing the token', async () => {
    log.mockClear()
    const callsBefore = fake.totalCalls()
    const page = await browser.newPage()
    await page.goto(attackerOrigin)
    await expect
      .poll(
        () =>
          page.evaluate(
            () => Object.keys((globalThis as unknown as { attack: AttackResults }).attack).length,
          ),
        {
          timeout: 10_000,
        },
      )
      .toBe(4)
    // The form post lands in the iframe; give it time to reach the host.
    await expect
      .poll(() => log.mock.calls.filter(([line]) => line.includes('refused POST')).length, {
        timeout: 10_000,
      })
      .toBe(2)
    const attack = await page.evaluate(() => (globalThis as unknown as { attack: AttackResults }).attack)
    expect(attack.jsonWithToken).toBe('failed TypeError')
    expect(attack.events).toBe('failed TypeError')
    // The simple request did reach the host (one of the two refused POSTs above), and even its
    // opaque answer is withheld from the page: Cross-Origin-Resource-Policy: same-origin.
    expect(attack.simpleNoCors).toBe('failed TypeError')
    expect(fake.totalCalls()).toBe(callsBefore)
    const refusals = log.mock.calls.map(([line]) => line)
    expect(refusals.every((line) => line.includes('forbidden_origin'))).toBe(true)
    await page.close()
  })

  it('a page whose host name was rebound to 127.0.0.1 cannot load our page or invoke', async () => {
    const callsBefore = fake.totalCalls()
    const reboundOrigin = `http://${REBOUND_NAME}:${new URL(host.origin).port}`

    const direct = await browser.newPage()
    const response = await direct.goto(`${reboundOrigin}/`)
    expect(response?.status()).toBe(421)
    expect(await direct.content()).not.toContain('bridge-test-page.js')
    await direct.close()

    // The attacker's page was served while the name still pointed at the attacker (here: by the
    // browser itself); its script now calls "its own" origin, which resolves to us.
    const page = await browser.newPage()
    await page.route(`${reboundOrigin}/`, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>rebound</title>' }),
    )
    await page.goto(`${reboundOrigin}/`)
    const outcome = await page.evaluate(
      async ({ token }) => {
        try {
          const answer = await fetch('/api/invoke/history%3Adelete', {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-playground-token': token },
            body: JSON.stringify({ id: 'c1' }),
          })
          return `answered ${answer.status}`
        } catch (error) {
          return `failed ${(error as Error).name}`
        }
      },
      { token: host.token },
    )
    expect(outcome).toBe('answered 421')
    expect(fake.totalCalls()).toBe(callsBefore)
    expect(
      log.mock.calls.some(([line]) => line.includes('refused POST') && line.includes('forbidden_host')),
    ).toBe(true)
    await page.close()
  })
})
