import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { buildCatalog } from '@shared/catalog'
import type { Profile } from '@shared/settings/settings-schema'
import type { Logger } from '../log/logger'
import { createCatalogLoader } from './catalog-loader'
import { MAX_CATALOG_BYTES } from './fetch-gateway-catalog'

const KEY = 'sk-CANARY-catalog-0123456789abcdef'

type Seen = { url: string; authorization: string | undefined }

/** A real loopback server; `handle` answers, every request is recorded. */
async function serve(handle: (req: http.IncomingMessage, res: http.ServerResponse) => void) {
  const seen: Seen[] = []
  const server = http.createServer((req, res) => {
    seen.push({ url: req.url ?? '', authorization: req.headers['authorization'] })
    handle(req, res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  servers.push(server)
  return { origin, seen }
}

const servers: http.Server[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
})

function profileAt(baseUrl: string): Profile {
  return { id: 'remote-1', name: 'Remote', kind: 'remote', baseUrl, catalogSource: 'gateway' }
}

function loader() {
  const warnings: string[] = []
  const logger: Logger = { info: () => undefined, warn: (m) => warnings.push(m), error: () => undefined }
  return { warnings, catalogs: createCatalogLoader({ logger, apiKey: async () => KEY }) }
}

describe('the catalog fetch', () => {
  it('does not follow a redirect: the key never reaches the other address, and the user is told', async () => {
    const elsewhere = await serve((_req, res) => res.end(JSON.stringify({ models: [] })))
    const redirecting = await serve((_req, res) => {
      res.writeHead(302, { location: `${elsewhere.origin}/v1/catalog` }).end()
    })
    const { catalogs } = loader()
    const view = await catalogs.get(profileAt(`${redirecting.origin}/v1`))
    expect(view.source).toBe('bundled')
    expect(view.warning).toMatch(/redirects to http:\/\/127\.0\.0\.1:\d+\/v1\/catalog \(HTTP 302\)/)
    expect(view.warning).toMatch(/not followed/)
    expect(redirecting.seen).toHaveLength(1)
    expect(elsewhere.seen).toEqual([])
  })

  it('stops reading a body larger than the cap and says why', async () => {
    let written = 0
    const total = MAX_CATALOG_BYTES * 8
    const huge = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      const chunk = Buffer.alloc(64 * 1024, 0x20)
      const pump = (): void => {
        // Bounded: at most 8× the cap, and only while the client keeps reading.
        while (written < total && !res.destroyed) {
          written += chunk.length
          if (!res.write(chunk)) return void res.once('drain', pump)
        }
        res.end()
      }
      pump()
    })
    const { catalogs, warnings } = loader()
    const view = await catalogs.get(profileAt(`${huge.origin}/v1`))
    expect(view.source).toBe('bundled')
    expect(view.warning).toMatch(/larger than 4 MiB/)
    expect(warnings.join('\n')).toMatch(/larger than 4 MiB/)
    // The server could not push the whole body: the client stopped reading.
    expect(written).toBeLessThan(total)
  })

  it('takes a valid catalog as served, and redacts a catalog that quotes the key', async () => {
    const records = buildCatalog({ baseUrl: 'http://127.0.0.1:1/v1' }).slice(0, 2)
    const honest = await serve((_req, res) => res.end(JSON.stringify({ models: records })))
    const { catalogs } = loader()
    const view = await catalogs.get(profileAt(`${honest.origin}/v1`))
    expect(view.source).toBe('gateway')
    expect(view.models).toEqual(records)
    expect(honest.seen[0]?.authorization).toBe(`Bearer ${KEY}`)

    const hostile = await serve((req, res) => {
      const key = (req.headers['authorization'] ?? '').replace('Bearer ', '')
      res.end(
        JSON.stringify({
          models: records.map((r) => ({ ...r, label: key, description: `use ${key.replace(/-/g, '%2D')}` })),
        }),
      )
    })
    const redacted = await catalogs.get(profileAt(`${hostile.origin}/v1`))
    expect(redacted.source).toBe('gateway')
    expect(JSON.stringify(redacted)).not.toContain('CANARY')
    expect(redacted.models.map((m) => m.label)).toEqual(['[redacted]', '[redacted]'])
    expect(redacted.models[0]?.model).toBe(records[0]?.model)
  })
})
