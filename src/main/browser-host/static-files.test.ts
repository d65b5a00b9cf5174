import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFakeHandlers, type FakeHandlers } from '@test/support/fake-handlers'
import { rawRequest, rawSocketRequest } from './__fixtures__/raw-http'
import {
  APP_JS,
  createRendererDir,
  INDEX_HTML,
  SECRET_TEXT,
  STYLE_CSS,
  type RendererDir,
} from './__fixtures__/renderer-dir'
import { createBrowserHost, type BrowserHost } from './create-browser-host'
import { urlPathSegments } from './static-files'

const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
  "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'"

let dir: RendererDir
let fake: FakeHandlers
let host: BrowserHost
let port: number

beforeAll(async () => {
  dir = await createRendererDir()
  fake = createFakeHandlers()
  host = await createBrowserHost({
    handlers: fake.handlers,
    rendererDir: dir.rendererDir,
    log: () => undefined,
  })
  port = Number(new URL(host.origin).port)
})

afterAll(async () => {
  await host.close()
  await dir.remove()
})

describe('static files', () => {
  it.each(['/', '/index.html'])(
    'serves the page at %s with the strict headers and no token',
    async (path) => {
      const response = await rawRequest(port, { path })
      expect(response.status).toBe(200)
      expect(response.body).toBe(INDEX_HTML)
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(response.headers['content-security-policy']).toBe(CSP)
      expect(response.headers['x-content-type-options']).toBe('nosniff')
      expect(response.headers['referrer-policy']).toBe('no-referrer')
      expect(response.headers['cache-control']).toBe('no-store')
      expect(response.headers['x-frame-options']).toBe('DENY')
      expect(Object.keys(response.headers).some((name) => name.startsWith('access-control-'))).toBe(false)
    },
  )

  it.each([
    { path: '/assets/app.js', type: 'text/javascript; charset=utf-8', body: APP_JS },
    { path: '/assets/style.css', type: 'text/css; charset=utf-8', body: STYLE_CSS },
  ])('serves $path as $type, nosniff', async ({ path, type, body }) => {
    const response = await rawRequest(port, { path })
    expect(response.status).toBe(200)
    expect(response.body).toBe(body)
    expect(response.headers['content-type']).toBe(type)
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.headers['referrer-policy']).toBe('no-referrer')
  })

  it('answers HEAD with the headers only', async () => {
    const response = await rawRequest(port, { method: 'HEAD', path: '/assets/app.js' })
    expect(response.status).toBe(200)
    expect(response.body).toBe('')
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8')
  })

  it.each(['/assets', '/assets/', '/missing.js', '/assets/missing.js'])(
    'answers %s with 404: no directory listing, no fallback',
    async (path) => {
      const response = await rawRequest(port, { path })
      expect(response.status).toBe(404)
      expect(response.body).not.toContain('app.js')
    },
  )

  it('refuses a foreign Host even for the page (DNS rebinding)', async () => {
    const response = await rawRequest(port, { path: '/', headers: { host: `rebind.example:${port}` } })
    expect(response.status).toBe(421)
    expect(response.body).not.toContain('Test page')
  })

  it('refuses a write method on a file', async () => {
    const response = await rawRequest(port, { method: 'POST', path: '/index.html', body: 'x' })
    expect(response.status).toBe(405)
  })
})

describe('path traversal', () => {
  it.each([
    '/../secret.txt',
    '/assets/../../secret.txt',
    '/%2e%2e/secret.txt',
    '/assets/%2e%2e/%2e%2e/secret.txt',
    '/.%2e/secret.txt',
    '/..%2fsecret.txt',
    '/assets/..%2f..%2fsecret.txt',
    '/assets%2f..%2f..%2fsecret.txt',
    '/..%5csecret.txt',
    '/assets/..%5c..%5csecret.txt',
    '/%252e%252e/secret.txt',
    `/${encodeURIComponent(`${'/'}`)}etc/passwd`,
    '//etc/passwd',
    '/%2fetc%2fpasswd',
    `/${encodeURIComponent('C:\\Windows\\win.ini')}`,
    '/secret.txt%00.js',
    '/.env',
    '/assets/linked.txt',
  ])('never serves what %s points at', async (path) => {
    const response = await rawRequest(port, { path })
    expect(response.status).toBeGreaterThanOrEqual(400)
    expect(response.status).toBeLessThan(500)
    expect(response.body).not.toContain(SECRET_TEXT)
    expect(response.body).not.toContain('root:')
  })

  it.each([
    'GET /assets\\..\\..\\secret.txt HTTP/1.1',
    'GET /..\\secret.txt HTTP/1.1',
    'GET ../secret.txt HTTP/1.1',
    'GET /../../../../etc/passwd HTTP/1.1',
  ])('never serves the raw request target of %s', async (requestLine) => {
    const response = await rawSocketRequest(
      port,
      `${requestLine}\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`,
    )
    expect(response.status).toBeGreaterThanOrEqual(400)
    expect(response.status).toBeLessThan(500)
    expect(response.text).not.toContain(SECRET_TEXT)
    expect(response.text).not.toContain('root:')
  })

  it('refuses an absolute-form target naming another host, whatever the Host header says', async () => {
    const response = await rawSocketRequest(
      port,
      `GET http://evil.example/index.html HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`,
    )
    expect(response.status).toBe(421)
    expect(response.text).not.toContain('Test page')
  })

  it('keeps only plain segments when decoding a URL path', () => {
    expect(urlPathSegments('/')).toEqual(['index.html'])
    expect(urlPathSegments('/assets/index-B4x_9aZ.js')).toEqual(['assets', 'index-B4x_9aZ.js'])
    expect(urlPathSegments('/assets/a%20b.js')).toBeUndefined()
    expect(urlPathSegments('/assets/%E0%A4%A')).toBeUndefined()
    expect(urlPathSegments('/a/./b')).toBeUndefined()
    expect(urlPathSegments('/a/../b')).toBeUndefined()
    expect(urlPathSegments('/a//b')).toBeUndefined()
    expect(urlPathSegments('assets/app.js')).toBeUndefined()
  })
})
