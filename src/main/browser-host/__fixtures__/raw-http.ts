import { request, type IncomingHttpHeaders, type IncomingMessage } from 'node:http'
import { connect } from 'node:net'

export type RawResponse = { status: number; headers: IncomingHttpHeaders; body: string }

export type RawRequest = {
  method?: string
  /** Sent exactly as written (no normalisation of `..` or encodings, unlike fetch). */
  path: string
  headers?: Record<string, string>
  body?: string | Buffer
  /** Send the body in chunks without a Content-Length. */
  chunked?: boolean
}

/** A request to 127.0.0.1:port with full control over Host, Origin and the path. */
export function rawRequest(port: number, options: RawRequest): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { host: `127.0.0.1:${port}`, ...options.headers }
    if (options.body !== undefined && !options.chunked) {
      headers['content-length'] = String(Buffer.byteLength(options.body))
    }
    const req = request(
      { host: '127.0.0.1', port, method: options.method ?? 'GET', path: options.path, headers, agent: false },
      (res) => {
        readAll(res).then(
          (body) => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }),
          reject,
        )
      },
    )
    req.on('error', reject)
    if (options.body !== undefined) {
      if (options.chunked) {
        const body = Buffer.from(options.body)
        const size = 64 * 1024
        for (let offset = 0; offset < body.length; offset += size)
          req.write(body.subarray(offset, offset + size))
      } else {
        req.write(options.body)
      }
    }
    req.end()
  })
}

/**
 * A request line written byte for byte on a socket, for targets `http.request` would refuse or
 * rewrite (backslashes, absolute-form). Answers with the status line's code and the whole text.
 */
export function rawSocketRequest(port: number, head: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(head))
    let text = ''
    socket.setEncoding('latin1')
    socket.on('data', (chunk: string) => (text += chunk))
    socket.on('error', reject)
    socket.on('close', () => resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text }))
  })
}

function readAll(res: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    res.on('data', (chunk: Buffer) => chunks.push(chunk))
    res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    res.on('error', reject)
  })
}
