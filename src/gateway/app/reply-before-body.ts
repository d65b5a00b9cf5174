import type { IncomingMessage, ServerResponse } from 'node:http'
import { sendJson, type ErrorReply } from './error-reply'

/** Longest a refused client may take to finish sending its body before the connection is cut. */
const DISCARD_TIMEOUT_MS = 10_000
/** Most a refused client may send after the reply: any honest oversized upload, read at memory speed. */
const DISCARD_MAX_BYTES = 64 * 1024 * 1024

/**
 * Sends a JSON reply (a 413, a 401, a 415…) to a request whose body was not read to its end, in a
 * way the client can read. Why not just send and close: closing a socket with unread bytes in it
 * makes the kernel answer with RST, and a client still writing its body (typically one that sent
 * `Connection: close`) gets EPIPE or ECONNRESET before it reads a byte of the reply. So the reply goes
 * out at once, with `Connection: close`, and its end waits until the rest of the body has been read
 * and dropped; a client that sends more than DISCARD_MAX_BYTES, or dawdles past DISCARD_TIMEOUT_MS,
 * has its connection cut, so what a hostile client can make the gateway read stays bounded. The
 * dropped bytes are never kept: reading them costs a copy into a reused buffer, nothing more.
 */
export function replyBeforeBody(req: IncomingMessage, res: ServerResponse, reply: ErrorReply): void {
  if (req.complete) {
    sendJson(res, reply.status, reply.body, reply.headers)
    return
  }
  const text = JSON.stringify(reply.body)
  res.writeHead(reply.status, {
    ...reply.headers,
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    connection: 'close',
  })
  res.write(text)

  let discarded = 0
  const timer = setTimeout(() => settle(true), DISCARD_TIMEOUT_MS)
  function onData(chunk: Buffer): void {
    discarded += chunk.byteLength
    if (discarded > DISCARD_MAX_BYTES) settle(true)
  }
  const onEnd = (): void => settle(false)
  const onGone = (): void => settle(true)
  function settle(cut: boolean): void {
    clearTimeout(timer)
    req.off('data', onData)
    req.off('end', onEnd)
    req.off('error', onGone)
    req.off('close', onGone)
    res.end()
    if (cut) req.socket.destroy()
  }
  req.on('data', onData)
  req.once('end', onEnd)
  req.once('error', onGone)
  req.once('close', onGone)
  req.resume()
}
