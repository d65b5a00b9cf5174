import type { DialectId } from '@shared/chat/chat-request'

/**
 * A hostile upstream's replies: each echoes the API key (`key`) where a careless client would pass
 * it along — chunk ids and models, tool-call ids and names, finish reasons, SSE event names, text
 * split across two deltas, JSON-escaped (`\u002d`) and URL-encoded (`%2D`) spellings, error bodies
 * long enough that a truncation cuts through the key. Each chunk is a separate write, so the
 * deltas really arrive apart. `text` (and `toolArguments`) is what the user must see: everything
 * but the key, not one character lost.
 */
export type HostileReply = {
  name: string
  dialect: DialectId
  status: number
  contentType: string
  chunks: string[]
  text?: string
  reasoning?: string
  toolArguments?: string
}

const MARK = '[redacted]'

function sse(data: unknown, event?: string): string {
  return `${event === undefined ? '' : `event: ${event}\n`}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`
}

/** The key with every `-` as the JSON escape `\u002d`: still the key once JSON-decoded. */
function jsonEscapedKey(key: string): string {
  return key.replace(/-/g, '\\u002d')
}

/** Puts a raw JSON spelling in place of a placeholder string (JSON.stringify would escape the `\`). */
function withRaw(json: string, placeholder: string, raw: string): string {
  return json.split(placeholder).join(raw)
}

export function hostileReplies(key: string): HostileReply[] {
  const escaped = jsonEscapedKey(key)
  const urlEncoded = key.replace(/-/g, '%2D')
  const ESC = '@@ESCAPED@@'
  const openaiChunk = (delta: object, finish: string | null = null) => ({
    id: key,
    object: 'chat.completion.chunk',
    created: 1,
    model: key,
    choices: [{ index: 0, delta, finish_reason: finish }],
  })
  const anthropic = (type: string, body: object) => sse({ type, ...body }, type)

  return [
    {
      name: 'openai-fields',
      dialect: 'openai-chat',
      status: 200,
      contentType: 'text/event-stream',
      chunks: [
        sse(openaiChunk({ role: 'assistant', content: `Your key is ${key.slice(0, 6)}` })),
        withRaw(
          sse(openaiChunk({ content: `${key.slice(6)}. Escaped: ${ESC}. Encoded: ${urlEncoded}. Thanks` })),
          ESC,
          escaped,
        ),
        sse('keep-alive', key),
        sse(
          openaiChunk({
            tool_calls: [
              {
                index: 0,
                id: key,
                type: 'function',
                function: { name: key, arguments: `{"k":"${key.slice(0, 10)}` },
              },
            ],
          }),
        ),
        sse(openaiChunk({ tool_calls: [{ index: 0, function: { arguments: `${key.slice(10)}"}` } }] })),
        sse(openaiChunk({}, key)),
        sse('[DONE]'),
      ],
      text: `Your key is ${MARK}. Escaped: ${MARK}. Encoded: ${MARK}. Thanks`,
      toolArguments: `{"k":"${MARK}"}`,
    },
    {
      name: 'anthropic-fields',
      dialect: 'anthropic-messages',
      status: 200,
      contentType: 'text/event-stream',
      chunks: [
        anthropic('message_start', {
          message: {
            id: key,
            type: 'message',
            role: 'assistant',
            model: key,
            content: [],
            stop_reason: null,
            stop_sequence: null,
            usage: { input_tokens: 1, output_tokens: 1 },
          },
        }),
        anthropic('content_block_start', { index: 0, content_block: { type: 'thinking', thinking: '' } }),
        anthropic('content_block_delta', {
          index: 0,
          delta: { type: 'thinking_delta', thinking: `think ${key.slice(0, 4)}` },
        }),
        anthropic('content_block_delta', {
          index: 0,
          delta: { type: 'thinking_delta', thinking: `${key.slice(4)} more` },
        }),
        anthropic('content_block_stop', { index: 0 }),
        anthropic('content_block_start', { index: 1, content_block: { type: 'text', text: '' } }),
        anthropic('content_block_delta', {
          index: 1,
          delta: { type: 'text_delta', text: `Key: ${key.slice(0, 20)}` },
        }),
        anthropic('content_block_delta', {
          index: 1,
          delta: { type: 'text_delta', text: `${key.slice(20)} done, yes` },
        }),
        anthropic('content_block_stop', { index: 1 }),
        sse({ type: 'ping' }, key),
        anthropic('content_block_start', {
          index: 2,
          content_block: { type: 'tool_use', id: key, name: key, input: {} },
        }),
        withRaw(
          anthropic('content_block_delta', {
            index: 2,
            delta: { type: 'input_json_delta', partial_json: `{"k":"${ESC}"}` },
          }),
          ESC,
          // Escaped twice: once for the JSON string that holds the partial JSON, once inside it.
          escaped.replace(/\\/g, '\\\\'),
        ),
        anthropic('content_block_stop', { index: 2 }),
        anthropic('message_delta', {
          delta: { stop_reason: key, stop_sequence: key },
          usage: { output_tokens: 9 },
        }),
        anthropic('message_stop', {}),
      ],
      text: `Key: ${MARK} done, yes`,
      reasoning: `think ${MARK} more`,
      toolArguments: `{"k":"${MARK}"}`,
    },
    {
      // An HTML error page: the dialect keeps the first few hundred characters of its words.
      name: 'html-error-cut',
      dialect: 'openai-chat',
      status: 502,
      contentType: 'text/html',
      chunks: [`<html><body>${'x'.repeat(270)} ${key} tail</body></html>`],
    },
    {
      name: 'json-error-escaped',
      dialect: 'anthropic-messages',
      status: 401,
      contentType: 'application/json',
      chunks: [
        withRaw(
          JSON.stringify({ type: 'error', error: { type: key, message: `bad key ${ESC}` } }),
          ESC,
          escaped,
        ),
      ],
    },
  ]
}

/**
 * Every way the key could be found in text we wrote or sent: plain, URL-encoded, JSON-escaped, the
 * `\u002d` spelling, base64 at every alignment, and any 12-character piece of it (half a key is a
 * leak too).
 */
export function keyLeaks(text: string, key: string): string[] {
  const forms = new Set<string>([
    key,
    encodeURIComponent(key),
    JSON.stringify(key).slice(1, -1),
    jsonEscapedKey(key),
  ])
  for (let pad = 0; pad < 3; pad++) {
    const bytes = Buffer.concat([Buffer.alloc(pad, 0x20), Buffer.from(key)])
    for (const encoding of ['base64', 'base64url'] as const) forms.add(bytes.toString(encoding).slice(4, -4))
  }
  for (let i = 0; i + 12 <= key.length; i++) forms.add(key.slice(i, i + 12))
  return [...forms].filter((form) => text.includes(form))
}
