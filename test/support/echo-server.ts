import { createServer, type IncomingHttpHeaders, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One request exactly as it arrived: the raw request-target and the body bytes, untouched. */
export type EchoedRequest = {
  method: string
  /** The request-target as sent (`/v1/chat/completions?x=1`), not re-encoded. */
  url: string
  headers: IncomingHttpHeaders
  body: Buffer
}

export type EchoServer = {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  origin: string
  port: number
  /** Every request received so far, in the order their bodies completed. */
  readonly requests: readonly EchoedRequest[]
  /** Forget the requests received so far. */
  clear(): void
  close(): Promise<void>
}

/**
 * A loopback HTTP server that records every request and answers 200 with a JSON summary of it
 * (`{ method, url, bodyBytes }`). Bound to 127.0.0.1 on an ephemeral port: nothing outside this
 * machine can reach it, and parallel test files never collide.
 */
export async function startEchoServer(): Promise<EchoServer> {
  const requests: EchoedRequest[] = []
  const server = createServer((req, res) => {
    readBody(req).then(
      (body) => {
        requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body })
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ method: req.method, url: req.url, bodyBytes: body.length }))
      },
      () => res.destroy(),
    )
  })
  // Curl opens a new connection per command; don't keep idle sockets alive past the test.
  server.keepAliveTimeout = 1000
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    requests,
    clear: () => {
      requests.length = 0
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => resolve(Buffer.concat(chunks)))
    req.on('error', reject)
  })
}
