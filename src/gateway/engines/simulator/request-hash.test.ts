import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { ChatRequest } from '@shared/chat/chat-request'
import { canonicalJson } from '@shared/json/canonical-json'
import { canonicalHash, fnv1a32, requestSeed, seedMeaning } from './request-hash'

const base: ChatRequest = {
  model: 'm',
  stream: false,
  messages: [{ role: 'user', content: [{ type: 'text', text: 'hello' }] }],
  temperature: 0.7,
  seed: 1,
}

describe('requestSeed', () => {
  it('ignores what only cuts or transports the reply: stream, includeUsage, maxTokens, stop', () => {
    const seed = requestSeed(base)
    expect(requestSeed({ ...base, stream: true, includeUsage: true })).toBe(seed)
    expect(requestSeed({ ...base, maxTokens: 5, stop: ['x'], parallelToolCalls: false })).toBe(seed)
  })

  it('changes with the seed, the temperature, top_p and the conversation', () => {
    const seed = requestSeed(base)
    expect(requestSeed({ ...base, seed: 2 })).not.toBe(seed)
    expect(requestSeed({ ...base, temperature: 0.8 })).not.toBe(seed)
    expect(requestSeed({ ...base, topP: 0.5 })).not.toBe(seed)
    expect(
      requestSeed({ ...base, messages: [{ role: 'user', content: [{ type: 'text', text: 'hello!' }] }] }),
    ).not.toBe(seed)
  })

  it('at temperature 0 ignores seed and top_p: greedy decoding has one answer', () => {
    const greedy = { ...base, temperature: 0 }
    expect(requestSeed({ ...greedy, seed: 99, topP: 0.1 })).toBe(requestSeed(greedy))
  })

  it('does not depend on the order keys were written in (a tool schema is the same tool)', () => {
    const a = {
      ...base,
      tools: [{ name: 't', parameters: { type: 'object', properties: { a: {}, b: {} } } }],
    }
    const b = {
      ...base,
      tools: [{ parameters: { properties: { b: {}, a: {} }, type: 'object' }, name: 't' }],
    }
    expect(requestSeed(a)).toBe(requestSeed(b))
  })
})

describe('requestSeed over conversations sent again', () => {
  /** The seed's definition: the hash of the canonical JSON of what the request means, whole. */
  const definedSeed = (request: ChatRequest): number => fnv1a32(canonicalJson(seedMeaning(request)))

  // A few turns reused across requests, so later requests share prefixes with earlier ones (and
  // turns of one length but other text, which a resumed hash must not take for each other).
  const turn = fc.constantFrom<ChatRequest['messages'][number]>(
    { role: 'user', content: [{ type: 'text', text: 'hello' }] },
    { role: 'user', content: [{ type: 'text', text: 'hellö' }] },
    { role: 'assistant', content: [{ type: 'text', text: 'hello' }] },
    { role: 'assistant', content: [{ type: 'text', text: 'x'.repeat(3000) }] },
    { role: 'assistant', content: [{ type: 'text', text: 'x'.repeat(2999) + 'y' }] },
    {
      role: 'user',
      content: [
        { type: 'text', text: 'a' },
        { type: 'text', text: 'b' },
      ],
    },
  )
  const request = fc.record(
    {
      model: fc.constantFrom('m', 'n'),
      stream: fc.boolean(),
      messages: fc.array(turn, { maxLength: 8 }),
      temperature: fc.constantFrom(0, 0.7, undefined),
      seed: fc.constantFrom(1, 2, undefined),
      topP: fc.constantFrom(0.5, undefined),
      system: fc.constantFrom('be brief', undefined),
    },
    { requiredKeys: ['model', 'stream', 'messages'] },
  ) as fc.Arbitrary<ChatRequest>

  it('is the hash of the canonical request, whatever was hashed before it', () => {
    fc.assert(
      fc.property(fc.array(request, { minLength: 1, maxLength: 12 }), (requests) => {
        for (const r of requests) {
          // A copy each time: what the gateway decodes from the next request is never the same object.
          const decoded = structuredClone(r)
          expect(requestSeed(decoded)).toBe(definedSeed(r))
        }
      }),
      { numRuns: 300 },
    )
  })
})

describe('canonicalJson and fnv1a32', () => {
  it('sorts keys, drops undefined members like JSON.stringify, and parses back to the same value', () => {
    const value = { b: [1, { d: undefined, c: 'x' }], a: null }
    expect(canonicalJson(value)).toBe('{"a":null,"b":[1,{"c":"x"}]}')
    expect(JSON.parse(canonicalJson(value))).toEqual(JSON.parse(JSON.stringify(value)))
  })

  it('is the standard 32-bit FNV-1a', () => {
    // Published test vectors of FNV-1a 32.
    expect(fnv1a32('')).toBe(0x811c9dc5)
    expect(fnv1a32('a')).toBe(0xe40c292c)
    expect(fnv1a32('foobar')).toBe(0xbf9cf968)
  })
})

describe('canonicalHash', () => {
  it('is fnv1a32 of canonicalJson, for any JSON value (every simulated reply keeps its seed)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(canonicalHash(value)).toBe(fnv1a32(canonicalJson(value)))
      }),
      { numRuns: 300 },
    )
  })
})
