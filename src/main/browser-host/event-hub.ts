import type { ServerResponse } from 'node:http'
import { encodeSseFrame } from '@shared/dialects/sse/sse-encode'
import type { EventSink } from '../ipc/dispatch'
import { API_HEADERS } from './security-headers'

export type EventHubOptions = {
  /** A `: ping` comment this often keeps idle streams (and proxies, and the bridge) from giving up. */
  pingIntervalMs: number
  maxStreams: number
  /**
   * A page that stops reading would make us buffer every event for it for ever: past this many
   * unsent bytes its stream is dropped, and the bridge reconnects.
   */
  maxBufferedBytes: number
  log: (line: string) => void
}

export type EventHub = {
  /** Starts an event stream on this response; false when too many pages are connected already. */
  attach(res: ServerResponse): boolean
  emit: EventSink
  readonly size: number
  /** Ends every stream cleanly (a final chunk, not a reset) and refuses new ones. */
  close(): Promise<void>
}

/** Every event goes to every connected page, in emit order, as `event: <channel>` + `data: <json>`. */
export function createEventHub(options: EventHubOptions): EventHub {
  const streams = new Set<ServerResponse>()
  let closed = false

  const write = (res: ServerResponse, text: string): void => {
    if (res.writableEnded || res.destroyed) return
    res.write(text)
    if (res.writableLength > options.maxBufferedBytes) {
      options.log(`browser host: dropped an event stream that stopped reading`)
      streams.delete(res)
      res.destroy()
    }
  }

  const pingText = encodeSseFrame({ comment: 'ping' })
  const timer = setInterval(() => {
    for (const res of streams) write(res, pingText)
  }, options.pingIntervalMs)
  timer.unref()

  return {
    attach(res) {
      if (closed || streams.size >= options.maxStreams) return false
      res.writeHead(200, {
        ...API_HEADERS,
        'content-type': 'text/event-stream; charset=utf-8',
        // Reverse proxies (nginx) must not buffer the stream.
        'x-accel-buffering': 'no',
      })
      // A first comment flushes the headers, so the page knows it is connected before any event.
      res.write(encodeSseFrame({ comment: 'connected' }))
      streams.add(res)
      res.on('close', () => streams.delete(res))
      return true
    },

    emit(channel, payload) {
      if (closed) return
      let data: string
      try {
        // `undefined` (events without payload) has no JSON form: it travels as `null`.
        data = JSON.stringify(payload ?? null)
      } catch (error) {
        options.log(`browser host: event ${channel} could not be serialized: ${(error as Error).message}`)
        return
      }
      const text = encodeSseFrame({ event: channel, data })
      for (const res of streams) write(res, text)
    },

    get size() {
      return streams.size
    },

    async close() {
      closed = true
      clearInterval(timer)
      const ending = [...streams].map(
        (res) =>
          new Promise<void>((resolve) => {
            if (res.writableEnded || res.destroyed) return resolve()
            res.once('close', () => resolve())
            res.end(() => resolve())
          }),
      )
      streams.clear()
      await Promise.all(ending)
    },
  }
}
