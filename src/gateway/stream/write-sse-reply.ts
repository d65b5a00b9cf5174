import type { ServerResponse } from 'node:http'
import { GatewayError, type DialectError } from '@shared/chat/errors'
import type { StreamPart } from '@shared/chat/stream-part'
import type { StreamEncoder } from '@shared/dialects/dialect'
import { encodeSseFrame } from '@shared/dialects/sse/sse-encode'
import type { SseFrame } from '@shared/dialects/sse/sse-message'
import { INTERNAL_ERROR_MESSAGE } from '../app/error-reply'
import type { EngineReply } from '../engines/engine'

export type SseReplyOptions = {
  encoder: StreamEncoder
  reply: EngineReply
  keepAlive: SseFrame
  keepAliveMs: number
  signal: AbortSignal
  /** Stops the engine (aborts its signal): used when it outlives a complete reply. */
  stopEngine: () => void
}

/** Parts that carry generated content: what `drop-after=<n>` counts. */
function isContentPart(part: StreamPart): boolean {
  return part.type === 'text-delta' || part.type === 'tool-call-delta' || part.type === 'reasoning-delta'
}

/**
 * Writes a reply as SSE straight onto the Node response: every batch is flushed as soon as it is due
 * (one write per batch, so 3,000 tokens/s do not become 3,000 syscalls), backpressure is respected by
 * waiting for `drain` before pulling more parts, a keep-alive goes out after `keepAliveMs` of silence,
 * and a client that leaves stops the engine. Resolves when the response is finished or abandoned.
 */
export async function writeSseReply(res: ServerResponse, options: SseReplyOptions): Promise<void> {
  const { encoder, reply, signal } = options
  writeSseHead(res)
  // Headers go out with the first event when it is already there (a fast upstream: one write instead
  // of two), else on the next turn of the event loop, so a client learns at once that it is streaming.
  const headerFlush = setImmediate(() => res.flushHeaders())
  const keepAlive = startKeepAlive(res, options.keepAlive, options.keepAliveMs)

  let contentParts = 0
  const dropAfter = reply.dropAfterParts
  const iterator = reply.batches[Symbol.asyncIterator]()
  try {
    for (;;) {
      if (signal.aborted || res.destroyed) return
      let next: IteratorResult<StreamPart[]>
      try {
        next = await iterator.next()
      } catch (error) {
        if (signal.aborted || res.destroyed) return
        // The engine failed after the 200 went out: report it in-band, in the client's dialect.
        res.end(framesToText(encoder.push({ type: 'error', error: inBandError(error) })))
        return
      }
      if (next.done) break
      let text = ''
      let terminal = false
      for (const part of next.value) {
        text += framesToText(encoder.push(part))
        if (part.type === 'end' || part.type === 'error') terminal = true
        if (dropAfter !== undefined && isContentPart(part) && ++contentParts >= dropAfter) {
          // Simulated network failure: what was generated so far, then the connection just dies.
          await new Promise<void>((resolve) => res.write(text, () => resolve()))
          res.destroy()
          return
        }
      }
      if (terminal) {
        // The reply is complete: the client gets its terminal event now, not when the engine's
        // iterable happens to finish (a proxy's upstream may still owe its chunked-body end).
        clearImmediate(headerFlush)
        res.end(text)
        if ((await drainRest(iterator)) === 'late') options.stopEngine()
        return
      }
      if (text.length === 0) continue
      clearImmediate(headerFlush)
      keepAlive.wrote()
      if (!res.write(text)) await waitForDrain(res)
    }
    clearImmediate(headerFlush)
    res.end(framesToText(encoder.end()))
  } finally {
    clearImmediate(headerFlush)
    keepAlive.stop()
    if (signal.aborted || res.destroyed) await iterator.return?.().catch(() => undefined)
  }
}

function writeSseHead(res: ServerResponse): void {
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    // No `connection` header of our own: Node then writes `Connection: keep-alive` and the server's
    // `Keep-Alive: timeout=` hint (IDLE_CONNECTION_MS), which a header set here would suppress; a client
    // without the hint keeps the socket for its own default (undici: 4 s) and reconnects on each send.
    // Reverse proxies (nginx) must not buffer the stream.
    'x-accel-buffering': 'no',
  })
}

/** Writes `frame` after `keepAliveMs` without a write; `wrote()` tells it of each write of the reply. */
function startKeepAlive(
  res: ServerResponse,
  frame: SseFrame,
  keepAliveMs: number,
): { wrote(): void; stop(): void } {
  let lastWrite = Date.now()
  const keepAliveText = encodeSseFrame(frame)
  const timer = setInterval(
    () => {
      if (Date.now() - lastWrite >= keepAliveMs && !res.writableEnded && !res.destroyed) {
        res.write(keepAliveText)
        lastWrite = Date.now()
      }
    },
    Math.max(10, Math.floor(keepAliveMs / 4)),
  )
  timer.unref()
  return {
    wrote: () => {
      lastWrite = Date.now()
    },
    stop: () => clearInterval(timer),
  }
}

/** How long a finished reply's engine may take to wind down before it is cut off. */
const DRAIN_GRACE_MS = 1_000

/**
 * After the terminal event, lets the engine run to its end (a proxy then reads the upstream's last
 * bytes, so its kept-alive socket can be reused) — but not for longer than a short grace: 'late' means
 * the engine is still busy, and the caller stops it (a proxy then hangs up on that upstream).
 */
async function drainRest(iterator: AsyncIterator<StreamPart[]>): Promise<'done' | 'late'> {
  let timer: NodeJS.Timeout | undefined
  const grace = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), DRAIN_GRACE_MS)
  })
  const drained = (async () => {
    try {
      while (!(await iterator.next()).done) {
        // Nothing more goes to the client: the encoder already wrote its terminal event.
      }
    } catch {
      // The engine failing after the reply was complete changes nothing for the client.
    }
    return 'done' as const
  })()
  const outcome = await Promise.race([drained, grace])
  clearTimeout(timer)
  return outcome
}

/**
 * The in-band form of an engine failure. A GatewayError (a broken or silent upstream) keeps its kind
 * and words; anything else is an internal error, worded without its internals. `type` is the neutral
 * kind itself, which neither dialect claims as its own, so each encoder words it from the kind
 * (`timeout_error`, `server_error`…).
 */
function inBandError(error: unknown): DialectError {
  if (error instanceof GatewayError) return { type: error.kind, message: error.message, kind: error.kind }
  return {
    type: 'server_error',
    message: INTERNAL_ERROR_MESSAGE,
    kind: 'server_error',
  }
}

function framesToText(frames: SseFrame[]): string {
  let text = ''
  for (const frame of frames) text += encodeSseFrame(frame)
  return text
}

function waitForDrain(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      res.off('drain', done)
      res.off('close', done)
      resolve()
    }
    res.on('drain', done)
    res.on('close', done)
  })
}
