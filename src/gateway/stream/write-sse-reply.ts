import type { ServerResponse } from 'node:http'
import type { StreamPart } from '../../shared/chat/stream-part'
import type { StreamEncoder } from '../../shared/dialects/dialect'
import { encodeSseFrame } from '../../shared/dialects/sse/sse-encode'
import type { SseFrame } from '../../shared/dialects/sse/sse-message'
import type { EngineReply } from '../engines/engine'

export type SseReplyOptions = {
  encoder: StreamEncoder
  reply: EngineReply
  keepAlive: SseFrame
  keepAliveMs: number
  signal: AbortSignal
  headers: Record<string, string>
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
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    // Reverse proxies (nginx) must not buffer the stream.
    'x-accel-buffering': 'no',
    ...options.headers,
  })
  res.flushHeaders()

  let lastWrite = Date.now()
  const keepAliveText = encodeSseFrame(options.keepAlive)
  const timer = setInterval(
    () => {
      if (Date.now() - lastWrite >= options.keepAliveMs && !res.writableEnded && !res.destroyed) {
        res.write(keepAliveText)
        lastWrite = Date.now()
      }
    },
    Math.max(10, Math.floor(options.keepAliveMs / 4)),
  )
  timer.unref()

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
        const text = framesToText(
          encoder.push({
            type: 'error',
            error: {
              type: 'api_error',
              message: `The engine failed mid-stream: ${(error as Error).message}`,
              kind: 'server_error',
            },
          }),
        )
        res.end(text)
        return
      }
      if (next.done) break
      let text = ''
      for (const part of next.value) {
        text += framesToText(encoder.push(part))
        if (dropAfter !== undefined && isContentPart(part) && ++contentParts >= dropAfter) {
          // Simulated network failure: what was generated so far, then the connection just dies.
          await new Promise<void>((resolve) => res.write(text, () => resolve()))
          res.destroy()
          return
        }
      }
      if (text.length === 0) continue
      lastWrite = Date.now()
      if (!res.write(text)) await waitForDrain(res)
    }
    res.end(framesToText(encoder.end()))
  } finally {
    clearInterval(timer)
    if (signal.aborted || res.destroyed) await iterator.return?.().catch(() => undefined)
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
