import { afterAll, describe, expect, it } from 'vitest'
import type { RunningGateway } from '@gateway'
import type { DialectId } from '@shared/chat/chat-request'
import { CLIENT_KEY, TEXT_MODEL, startSimulatorGateway } from './support/gateways'
import { bearer, readSse, xApiKey } from './support/raw-http'

/**
 * A long chat sent turn after turn, as the app sends it: every request repeats the whole history, and
 * the gateway reads each from where it parts from the last one it saw (src/gateway/app/chat-body-memo.ts)
 * or from what main readied when the conversation was opened (the gateway's `ready`). Whatever it
 * remembers, every reply is the one a gateway that saw nothing before gives to the same bytes, and a
 * request that parts from the last one in its middle (an edit) or is broken gets its usual answer.
 */
const BIG = { maxBodyBytes: 8 * 1024 * 1024 }
const gateways: RunningGateway[] = []
afterAll(async () => {
  await Promise.all(gateways.map((gateway) => gateway.close()))
})

async function gateway(): Promise<RunningGateway> {
  const started = await startSimulatorGateway(BIG)
  gateways.push(started)
  return started
}

const history = (turns: number) =>
  Array.from({ length: turns }, (_, turn) => [
    { role: 'user', content: `Question ${turn}: ${'what about ünïcödé and "quotes"? '.repeat(40)}` },
    {
      role: 'assistant',
      content: `Answer ${turn}: ${'a long answer with 😀 and \\ backslashes, '.repeat(60)}`,
    },
  ]).flat()

function body(dialect: DialectId, messages: object[]): string {
  return JSON.stringify(
    dialect === 'openai-chat'
      ? { model: TEXT_MODEL, messages, stream: true, temperature: 0 }
      : { model: TEXT_MODEL, max_tokens: 400, messages, stream: true, temperature: 0 },
  )
}

/** The reply's text: every delta of the stream joined. */
async function replyText(
  target: RunningGateway,
  dialect: DialectId,
  text: string,
): Promise<{ status: number; text: string }> {
  const path = dialect === 'openai-chat' ? '/chat/completions' : '/messages'
  const headers = dialect === 'openai-chat' ? bearer(CLIENT_KEY) : xApiKey(CLIENT_KEY)
  const response = await fetch(`${target.baseUrl}${path}`, { method: 'POST', headers, body: text })
  if (response.status !== 200) return { status: response.status, text: await response.text() }
  const { events } = await readSse(response)
  type Event = { choices?: Array<{ delta?: { content?: string } }>; delta?: { text?: string } }
  const deltas = events.map((event) => {
    if (event.data === '[DONE]') return ''
    const data = JSON.parse(event.data) as Event
    return data.choices?.[0]?.delta?.content ?? data.delta?.text ?? ''
  })
  return { status: 200, text: deltas.join('') }
}

describe.each(['openai-chat', 'anthropic-messages'] as const)(
  'a long chat in %s, turn by turn',
  (dialect) => {
    it('gets from a gateway that remembers its requests the replies a fresh gateway gives', async () => {
      const remembering = await gateway()
      const base = history(30)
      // Readied as main readies an opened conversation: the history so far, decoded back.
      const readied = await remembering.ready({
        bodies: [
          { dialect, body: new TextEncoder().encode(body(dialect, base)) },
          { dialect, body: new TextEncoder().encode('{"not": "a request"}') },
        ],
        texts: [],
      })
      expect(readied).toHaveLength(1)
      expect(readied[0]?.messages).toHaveLength(base.length)

      const sends = [
        [...base, { role: 'user', content: 'Next question?' }],
        [
          ...base,
          { role: 'user', content: 'Next question?' },
          { role: 'assistant', content: 'An answer.' },
          { role: 'user', content: 'And now?' },
        ],
        // An edit in the middle: it parts from the last request early.
        [...base.slice(0, 10), { role: 'user', content: 'Edited question?' }],
        [...base, { role: 'user', content: 'Next question?' }],
      ]
      for (const messages of sends) {
        const text = body(dialect, messages)
        const expected = await replyText(await gateway(), dialect, text)
        expect(expected.status).toBe(200)
        expect(await replyText(remembering, dialect, text)).toEqual(expected)
      }
      // Broken after the shared part: the same error as from a fresh gateway.
      const broken = `${body(dialect, [...base, { role: 'user', content: 'x' }]).slice(0, -2)},}`
      const answer = await replyText(remembering, dialect, broken)
      expect(answer.status).toBe(400)
      expect(answer.text).toContain('not valid JSON')
    }, 60_000)
  },
)
