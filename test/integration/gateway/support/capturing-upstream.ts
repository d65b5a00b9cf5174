import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One request as the upstream received it, and a promise that settles when its connection closes. */
type CapturedRequest = {
  method: string
  url: string
  headers: IncomingHttpHeaders
  /** Header names and values exactly as sent (repeats included). */
  rawHeaders: string[]
  body: string
  /** Which connection it came on (the proxy's port of it): equal numbers, one kept-alive socket. */
  connection: number
  /** Resolves when the response is over: `finished` (we ended it) or `closed` (the peer went away). */
  ended: Promise<'finished' | 'closed'>
}

/**
 * How the upstream answers:
 * - `reply`: a short, complete reply in the dialect of the path (JSON, or SSE when `stream` is set);
 * - `trickle`: a stream that sends one text delta every `trickleMs` and never ends by itself;
 * - `stall`: a stream that sends its first event, then nothing at all;
 * - `linger`: a complete stream, terminal event included, whose HTTP response then never ends;
 * - `silent`: accepts the request and never answers.
 */
type UpstreamMode = 'reply' | 'trickle' | 'stall' | 'linger' | 'silent'

export type CapturingUpstream = {
  /** `http://127.0.0.1:<port>/v1` */
  baseUrl: string
  readonly requests: readonly CapturedRequest[]
  mode: UpstreamMode
  trickleMs: number
  close(): Promise<void>
}

const OPENAI_CHUNK = (delta: object, finish: string | null = null) =>
  `data: ${JSON.stringify({
    id: 'chatcmpl-upstream',
    object: 'chat.completion.chunk',
    created: 1735689600,
    model: 'upstream-model',
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
  })}\n\n`

const MESSAGES_EVENT = (type: string, payload: object = {}) =>
  `event: ${type}\ndata: ${JSON.stringify({ type, ...payload })}\n\n`

const MESSAGES_START = MESSAGES_EVENT('message_start', {
  message: {
    id: 'msg_upstream',
    type: 'message',
    role: 'assistant',
    model: 'upstream-model',
    content: [],
    stop_reason: null,
    stop_sequence: null,
    usage: { input_tokens: 5, output_tokens: 1 },
  },
})

function openaiStream(words: string[]): string[] {
  return [
    OPENAI_CHUNK({ role: 'assistant', content: '' }),
    ...words.map((word) => OPENAI_CHUNK({ content: word })),
    OPENAI_CHUNK({}, 'stop'),
    `data: ${JSON.stringify({
      id: 'chatcmpl-upstream',
      object: 'chat.completion.chunk',
      created: 1735689600,
      model: 'upstream-model',
      choices: [],
      usage: { prompt_tokens: 5, completion_tokens: words.length, total_tokens: 5 + words.length },
    })}\n\n`,
    'data: [DONE]\n\n',
  ]
}

function messagesStream(words: string[]): string[] {
  return [
    MESSAGES_START,
    MESSAGES_EVENT('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }),
    ...words.map((word) =>
      MESSAGES_EVENT('content_block_delta', { index: 0, delta: { type: 'text_delta', text: word } }),
    ),
    MESSAGES_EVENT('content_block_stop', { index: 0 }),
    MESSAGES_EVENT('message_delta', {
      delta: { stop_reason: 'end_turn', stop_sequence: null },
      usage: { output_tokens: words.length },
    }),
    MESSAGES_EVENT('message_stop'),
  ]
}

export const UPSTREAM_WORDS = ['Upstream', ' says', ' hello', '.']

function replyJson(isMessages: boolean): object {
  const text = UPSTREAM_WORDS.join('')
  return isMessages
    ? {
        id: 'msg_upstream',
        type: 'message',
        role: 'assistant',
        model: 'upstream-model',
        content: [{ type: 'text', text }],
        stop_reason: 'end_turn',
        stop_sequence: null,
        usage: { input_tokens: 5, output_tokens: 4 },
      }
    : {
        id: 'chatcmpl-upstream',
        object: 'chat.completion',
        created: 1735689600,
        model: 'upstream-model',
        choices: [
          { index: 0, message: { role: 'assistant', content: text }, logprobs: null, finish_reason: 'stop' },
        ],
        usage: { prompt_tokens: 5, completion_tokens: 4, total_tokens: 9 },
      }
}

/**
 * A stand-in upstream that answers both dialects (by path) and records every request, so a test can
 * see exactly what a proxy sent — and notice when the proxy hangs up.
 */
export async function startCapturingUpstream(): Promise<CapturingUpstream> {
  const requests: CapturedRequest[] = []
  const timers = new Set<NodeJS.Timeout>()
  const state: { mode: UpstreamMode; trickleMs: number } = { mode: 'reply', trickleMs: 40 }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      const ended = new Promise<'finished' | 'closed'>((resolve) => {
        res.once('finish', () => resolve('finished'))
        res.once('close', () => resolve(res.writableFinished ? 'finished' : 'closed'))
      })
      requests.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        rawHeaders: req.rawHeaders,
        body,
        connection: req.socket.remotePort ?? -1,
        ended,
      })
      answer(req.url ?? '', body, res)
    })
  })

  function answer(url: string, body: string, res: ServerResponse): void {
    const isMessages = url.endsWith('/messages')
    const stream = (JSON.parse(body) as { stream?: boolean }).stream === true
    if (state.mode === 'silent') return
    if (!stream) {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify(replyJson(isMessages)))
      return
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
    const events = isMessages ? messagesStream(UPSTREAM_WORDS) : openaiStream(UPSTREAM_WORDS)
    if (state.mode === 'reply') {
      res.end(events.join(''))
      return
    }
    if (state.mode === 'linger') {
      res.write(events.join(''))
      return
    }
    // trickle / stall: the opening event(s) at once, then deltas on a timer (or nothing).
    res.write(isMessages ? events[0] + (events[1] ?? '') : (events[0] ?? ''))
    if (state.mode === 'stall') return
    let n = 0
    const timer = setInterval(() => {
      n++
      res.write(
        isMessages
          ? MESSAGES_EVENT('content_block_delta', { index: 0, delta: { type: 'text_delta', text: ` ${n}` } })
          : OPENAI_CHUNK({ content: ` ${n}` }),
      )
    }, state.trickleMs)
    timers.add(timer)
    res.once('close', () => {
      clearInterval(timer)
      timers.delete(timer)
    })
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    get mode() {
      return state.mode
    },
    set mode(mode: UpstreamMode) {
      state.mode = mode
    },
    get trickleMs() {
      return state.trickleMs
    },
    set trickleMs(ms: number) {
      state.trickleMs = ms
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearInterval(timer)
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
