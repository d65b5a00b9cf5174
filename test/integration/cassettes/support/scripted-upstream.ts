import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'

/**
 * A real loopback upstream that serves fixed replies in the dialect of the path it is asked on
 * (`…/chat/completions` or `…/messages`), chosen by a word in the prompt:
 *
 * - `[text]`: a text reply in several deltas, with usage;
 * - `[tools]`: a call to `get_weather` whose arguments arrive in pieces, with usage;
 * - `[midstream-error]`: two deltas, then the dialect's in-band error event (a JSON request: a 429);
 * - `[broken]`: two deltas, then the connection is destroyed (a JSON request: a 503).
 *
 * Events are written one by one with gaps of 30–80 ms (GAPS_MS, repeated), so a recording has real
 * pacing to keep. `requests` counts what it served: replay must not reach it.
 */
const GAPS_MS = [30, 55, 80, 40, 65, 35, 70, 50]

export const TEXT_DELTAS = ['Recorded ', 'replies ', 'come ', 'back ', 'the ', 'same.']
const TOOL_ARGUMENT_PIECES = ['{"city"', ': "Pa', 'ris", "unit": ', '"celsius"}']
export const USAGE = { input: 12, output: 9 }

type Dialect = 'openai-chat' | 'anthropic-messages'
type Scenario = 'text' | 'tools' | 'midstream-error' | 'broken'

export type ScriptedUpstream = {
  baseUrl: string
  requests: () => number
  close(): Promise<void>
}

export async function startScriptedUpstream(): Promise<ScriptedUpstream> {
  let requests = 0
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      requests++
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { stream?: boolean }
      const text = JSON.stringify(body)
      const dialect: Dialect = req.url?.endsWith('/messages') ? 'anthropic-messages' : 'openai-chat'
      const scenario = (['tools', 'midstream-error', 'broken', 'text'] as const).find((s) =>
        text.includes(`[${s}]`),
      )
      if (scenario === undefined) {
        res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":{"message":"no scenario"}}')
        return
      }
      if (body.stream === true) void stream(res, dialect, scenario)
      else whole(res, dialect, scenario)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests: () => requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

async function stream(res: ServerResponse, dialect: Dialect, scenario: Scenario): Promise<void> {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'x-request-id': 'req_upstream_1' })
  const events = dialect === 'openai-chat' ? openaiEvents(scenario) : anthropicEvents(scenario)
  for (const [i, event] of events.entries()) {
    if (i > 0) await sleep(GAPS_MS[(i - 1) % GAPS_MS.length] as number)
    if (event === 'BREAK') {
      res.destroy()
      return
    }
    res.write(event)
  }
  res.end()
}

function whole(res: ServerResponse, dialect: Dialect, scenario: Scenario): void {
  if (scenario === 'midstream-error' || scenario === 'broken') {
    const status = scenario === 'broken' ? 503 : 429
    const body =
      dialect === 'openai-chat'
        ? { error: { message: `upstream says ${status}`, type: 'upstream_error', code: null, param: null } }
        : {
            type: 'error',
            error: {
              type: status === 429 ? 'rate_limit_error' : 'overloaded_error',
              message: `upstream says ${status}`,
            },
          }
    res
      .writeHead(status, { 'content-type': 'application/json', 'retry-after': '7' })
      .end(JSON.stringify(body))
    return
  }
  const tools = scenario === 'tools'
  const args = TOOL_ARGUMENT_PIECES.join('')
  const body =
    dialect === 'openai-chat'
      ? {
          id: 'chatcmpl-upstream',
          object: 'chat.completion',
          created: 1735689600,
          model: 'upstream-model',
          choices: [
            {
              index: 0,
              message: tools
                ? {
                    role: 'assistant',
                    content: null,
                    tool_calls: [
                      { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: args } },
                    ],
                  }
                : { role: 'assistant', content: TEXT_DELTAS.join('') },
              finish_reason: tools ? 'tool_calls' : 'stop',
            },
          ],
          usage: {
            prompt_tokens: USAGE.input,
            completion_tokens: USAGE.output,
            total_tokens: USAGE.input + USAGE.output,
          },
        }
      : {
          id: 'msg_upstream',
          type: 'message',
          role: 'assistant',
          model: 'upstream-model',
          content: tools
            ? [{ type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: JSON.parse(args) as unknown }]
            : [{ type: 'text', text: TEXT_DELTAS.join('') }],
          stop_reason: tools ? 'tool_use' : 'end_turn',
          stop_sequence: null,
          usage: { input_tokens: USAGE.input, output_tokens: USAGE.output },
        }
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body))
}

const sse = (data: unknown, event?: string): string =>
  `${event === undefined ? '' : `event: ${event}\n`}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`

function openaiEvents(scenario: Scenario): string[] {
  const chunk = (delta: object, finish: string | null = null, usage?: object) =>
    sse({
      id: 'chatcmpl-upstream',
      object: 'chat.completion.chunk',
      created: 1735689600,
      model: 'upstream-model',
      choices: usage === undefined ? [{ index: 0, delta, finish_reason: finish }] : [],
      ...(usage === undefined ? {} : { usage }),
    })
  const usage = {
    prompt_tokens: USAGE.input,
    completion_tokens: USAGE.output,
    total_tokens: USAGE.input + USAGE.output,
  }
  const start = chunk({ role: 'assistant', content: '' })
  if (scenario === 'tools') {
    return [
      start,
      chunk({
        tool_calls: [
          { index: 0, id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '' } },
        ],
      }),
      ...TOOL_ARGUMENT_PIECES.map((piece) =>
        chunk({ tool_calls: [{ index: 0, function: { arguments: piece } }] }),
      ),
      chunk({}, 'tool_calls'),
      chunk({}, null, usage),
      sse('[DONE]'),
    ]
  }
  const deltas = TEXT_DELTAS.map((text) => chunk({ content: text }))
  if (scenario === 'midstream-error')
    return [
      start,
      ...deltas.slice(0, 2),
      sse({ error: { message: 'upstream overloaded mid-stream', type: 'overloaded_error' } }),
    ]
  if (scenario === 'broken') return [start, ...deltas.slice(0, 2), 'BREAK']
  return [start, ...deltas, chunk({}, 'stop'), chunk({}, null, usage), sse('[DONE]')]
}

function anthropicEvents(scenario: Scenario): string[] {
  const event = (type: string, payload: object = {}) => sse({ type, ...payload }, type)
  const start = event('message_start', {
    message: {
      id: 'msg_upstream',
      type: 'message',
      role: 'assistant',
      model: 'upstream-model',
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: USAGE.input, output_tokens: 1 },
    },
  })
  const end = (reason: string) => [
    event('message_delta', {
      delta: { stop_reason: reason, stop_sequence: null },
      usage: { output_tokens: USAGE.output },
    }),
    event('message_stop'),
  ]
  if (scenario === 'tools') {
    return [
      start,
      event('content_block_start', {
        index: 0,
        content_block: { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: {} },
      }),
      ...TOOL_ARGUMENT_PIECES.map((piece) =>
        event('content_block_delta', { index: 0, delta: { type: 'input_json_delta', partial_json: piece } }),
      ),
      event('content_block_stop', { index: 0 }),
      ...end('tool_use'),
    ]
  }
  const deltas = TEXT_DELTAS.map((text) =>
    event('content_block_delta', { index: 0, delta: { type: 'text_delta', text } }),
  )
  const open = event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } })
  if (scenario === 'midstream-error')
    return [
      start,
      open,
      ...deltas.slice(0, 2),
      event('error', { error: { type: 'overloaded_error', message: 'upstream overloaded mid-stream' } }),
    ]
  if (scenario === 'broken') return [start, open, ...deltas.slice(0, 2), 'BREAK']
  return [start, open, ...deltas, event('content_block_stop', { index: 0 }), ...end('end_turn')]
}
