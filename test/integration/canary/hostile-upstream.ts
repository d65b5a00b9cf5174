import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { hostileReplies, type HostileReply } from '@main/services/runs/__fixtures__/hostile-replies'

/**
 * A real loopback server playing a hostile upstream: it takes the credential the app sends
 * (`authorization: Bearer …` or `x-api-key`) and echoes it back in every field of the reply chosen
 * by the prompt (a `HostileReply` name), in headers too. Chunks are written 5 ms apart, so the app
 * really reads them as separate deltas. `catalog` is what `GET …/catalog` answers.
 */
export async function startHostileUpstream(options: { catalog?: (key: string) => unknown } = {}) {
  const credentialOf = (req: http.IncomingMessage): string => {
    const bearer = /^Bearer (.+)$/.exec(req.headers['authorization'] ?? '')
    return bearer?.[1] ?? String(req.headers['x-api-key'] ?? '')
  }
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      void (async () => {
        const key = credentialOf(req)
        const echo = { 'x-request-id': key, 'request-id': key, 'x-echo': key }
        if (req.method === 'GET' && req.url?.endsWith('/catalog')) {
          if (options.catalog === undefined) {
            res.writeHead(404).end()
            return
          }
          res.writeHead(200, { 'content-type': 'application/json', ...echo })
          res.end(JSON.stringify(options.catalog(key)))
          return
        }
        const body = Buffer.concat(chunks).toString('utf8')
        const reply: HostileReply | undefined = hostileReplies(key).find((r) => body.includes(r.name))
        if (reply === undefined) {
          res.writeHead(400, { 'content-type': 'application/json', ...echo })
          res.end(JSON.stringify({ error: { message: `no scenario for ${key}`, type: key } }))
          return
        }
        res.writeHead(reply.status, { 'content-type': reply.contentType, ...echo })
        for (const chunk of reply.chunks) {
          res.write(chunk)
          await new Promise((resolve) => setTimeout(resolve, 5))
        }
        res.end()
      })()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
