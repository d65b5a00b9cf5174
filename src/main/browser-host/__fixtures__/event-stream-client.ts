import { request, type IncomingMessage } from 'node:http'
import { createSseParser } from '@shared/dialects/sse/sse-parser'
import type { SseMessage } from '@shared/dialects/sse/sse-message'

export type EventStreamClient = {
  status: number
  headers: IncomingMessage['headers']
  events: SseMessage[]
  comments: string[]
  /** Resolves once `count` events arrived. */
  waitForEvents(count: number): Promise<SseMessage[]>
  waitForComment(comment: string): Promise<void>
  /** Resolves how the stream ended: `end` (a clean last chunk) or `aborted`/`error` (a reset). */
  ended: Promise<'end' | 'aborted' | 'error'>
  close(): void
}

/** Opens GET /api/events like the bridge does and records what arrives. */
export function openEventStream(port: number, headers: Record<string, string>): Promise<EventStreamClient> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path: '/api/events', headers: { host: `127.0.0.1:${port}`, ...headers } },
      (res) => {
        const events: SseMessage[] = []
        const comments: string[] = []
        let waiters: Array<() => void> = []
        const wake = (): void => {
          const current = waiters
          waiters = []
          for (const waiter of current) waiter()
        }
        const parser = createSseParser({
          onEvent: (event) => {
            events.push(event)
            wake()
          },
          onComment: (comment) => {
            comments.push(comment)
            wake()
          },
        })
        res.on('data', (chunk: Buffer) => parser.feed(new Uint8Array(chunk)))
        const ended = new Promise<'end' | 'aborted' | 'error'>((done) => {
          res.on('end', () => done('end'))
          res.on('aborted', () => done('aborted'))
          res.on('error', () => done('error'))
        })
        const waitUntil = (ready: () => boolean): Promise<void> =>
          new Promise((done) => {
            const check = (): void => (ready() ? done() : void waiters.push(check))
            check()
          })
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          events,
          comments,
          waitForEvents: (count) =>
            waitUntil(() => events.length >= count).then(() => events.slice(0, count)),
          waitForComment: (comment) => waitUntil(() => comments.includes(comment)),
          ended,
          close: () => req.destroy(),
        })
      },
    )
    req.on('error', reject)
    req.end()
  })
}
