import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import type { ChatMessage, ChatRequest } from '@shared/chat/chat-request'
import { countMessageTokens, countPromptTokens } from '@shared/tokens/count-prompt-tokens'
import { countTextTokens } from '@shared/tokens/count-text-tokens'
import { createPromptCountClient } from './prompt-count-client'
import { createPromptCounter, type PromptCountRequest } from './prompt-count-protocol'

const MODEL = 'vendorb3.8-Flash-Next'

const base = (system: string, turns: string[]): ChatRequest => ({
  model: MODEL,
  stream: true,
  ...(system === '' ? {} : { system }),
  messages: turns.map((text, i) => ({
    role: i % 2 === 0 ? 'user' : 'assistant',
    content: [{ type: 'text', text }],
  })) as ChatMessage[],
})

const turn = (text: string): ChatMessage => ({ role: 'user', content: [{ type: 'text', text }] })

/** The whole prompt a send makes: the base with the draft as its next turn. */
const whole = (request: ChatRequest, draft: ChatMessage | null): number =>
  countPromptTokens(
    draft === null ? request : { ...request, messages: [...request.messages, draft] },
    countTextTokens,
  )

function clientOverCounter() {
  const counter = createPromptCounter(countTextTokens)
  const sent: PromptCountRequest[] = []
  const client = createPromptCountClient(
    (request) => {
      sent.push(structuredClone(request))
      const answer = counter.answer(structuredClone(request))
      if (answer !== undefined) queueMicrotask(() => client.receive(answer))
    },
    async () => counter,
  )
  return { client, sent }
}

describe('the context meter counter', () => {
  it('counts each pane as the gateway counts its whole prompt, draft included', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string(),
        fc.array(fc.string(), { maxLength: 4 }),
        fc.option(fc.string({ minLength: 1 })),
        async (system, turns, draft) => {
          const { client } = clientOverCounter()
          const request = base(system, turns)
          const draftTurn = draft === null ? null : turn(draft)
          const counts = await client.count([{ key: 'p1', base: request }], draftTurn)
          expect(counts.get('p1')).toBe(whole(request, draftTurn))
        },
      ),
      { numRuns: 40 },
    )
  })

  it("stops counting a tool loop's thinking once a draft ends the loop, as the gateway does", async () => {
    const { client } = clientOverCounter()
    const loop: ChatRequest = {
      ...base('', ['Weather in Oslo?']),
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'Weather in Oslo?' }] },
        {
          role: 'assistant',
          content: [
            { type: 'reasoning', text: 'I should call the weather tool for Oslo first.', signature: 's1' },
            { type: 'tool-call', id: 'c1', name: 'weather', arguments: '{"city":"Oslo"}' },
          ],
        },
        { role: 'tool', toolCallId: 'c1', content: '4 °C, rain' },
      ],
    }
    expect((await client.count([{ key: 'p1', base: loop }], null)).get('p1')).toBe(whole(loop, null))
    const draft = turn('And tomorrow?')
    expect((await client.count([{ key: 'p1', base: loop }], draft)).get('p1')).toBe(whole(loop, draft))
    const thinking = countTextTokens('I should call the weather tool for Oslo first.')
    expect(whole(loop, draft)).toBe(whole(loop, null) + countMessageTokens(draft, countTextTokens) - thinking)
  })

  it('sends only what changed: a keystroke carries the draft, not the conversation', async () => {
    const { client, sent } = clientOverCounter()
    const a = base('Be brief.', ['Hello', 'Hi! How can I help?'])
    const b = base('', ['Hello'])
    await client.count(
      [
        { key: 'p1', base: a },
        { key: 'p2', base: b },
      ],
      turn('W'),
    )
    const counts = await client.count(
      [
        { key: 'p1', base: a },
        { key: 'p2', base: b },
      ],
      turn('What'),
    )
    expect(sent[1]).toEqual({ seq: 2, panes: [{ key: 'p1' }, { key: 'p2' }], draft: turn('What') })
    expect(counts).toEqual(
      new Map([
        ['p1', whole(a, turn('What'))],
        ['p2', whole(b, turn('What'))],
      ]),
    )
    // A pane closed is forgotten; the draft cleared counts nothing.
    expect(await client.count([{ key: 'p1', base: a }], null)).toEqual(new Map([['p1', whole(a, null)]]))
  })

  it('counts on this thread, everything again, when the worker fails', async () => {
    const here = createPromptCounter(countTextTokens)
    const client = createPromptCountClient(
      () => undefined, // a worker that never answers
      async () => here,
    )
    const request = base('', ['Hello'])
    const lost = client.count([{ key: 'p1', base: request }], turn('x'))
    client.fail()
    expect(await lost).toEqual(new Map([['p1', whole(request, turn('x'))]]))
  })
})
