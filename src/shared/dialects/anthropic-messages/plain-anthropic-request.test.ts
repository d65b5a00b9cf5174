import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { anthropicRequestSchema } from './anthropic-request-schema'
import { plainAnthropicRequest } from './plain-anthropic-request'

// Values around every bound the schema sets, and values of the wrong type.
const number = fc.oneof(
  fc.constantFrom(-1, 0, 0.5, 1, 1.5, 2, 2 ** 53, -0, Number.MAX_VALUE, Infinity, NaN),
  fc.double(),
  fc.integer({ min: -5, max: 5 }),
  fc.double({ min: 0, max: 1, noNaN: true }),
  fc.integer({ min: 1, max: 4096 }),
)
const anything = fc.oneof(
  number,
  fc.string(),
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
)
/** Mostly the well-typed value, sometimes anything at all. */
const mostly = <T>(value: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 5, arbitrary: value }, { weight: 1, arbitrary: anything })
/** Absent half the time (a key whose value is undefined is dropped: JSON has none). */
const optional = (value: fc.Arbitrary<unknown>) => fc.option(mostly(value), { nil: undefined, freq: 2 })
/** Absent four times in five. */
const rarely = (value: fc.Arbitrary<unknown>) =>
  fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: value })
const withoutUndefined = (record: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined))
// Strings with the edge cases of the schema: empty, and longer than a model name may be.
const text = fc.oneof(fc.string(), fc.constant(''), fc.string({ minLength: 250, maxLength: 260 }))
const message = fc
  .record({
    role: fc.oneof(
      { weight: 8, arbitrary: fc.constantFrom('user', 'assistant', 'system') },
      { weight: 1, arbitrary: fc.constantFrom('tool', 'other') },
      { weight: 1, arbitrary: anything },
    ),
    content: fc.oneof(
      { weight: 8, arbitrary: text },
      { weight: 1, arbitrary: fc.constant([{ type: 'text', text: 'hi' }]) },
      { weight: 1, arbitrary: anything },
    ),
    name: rarely(fc.string()),
  })
  .map(withoutUndefined)
const body = fc
  .record({
    model: mostly(text),
    max_tokens: mostly(number),
    messages: mostly(fc.array(message, { maxLength: 3 })),
    system: optional(text),
    stream: optional(fc.boolean()),
    temperature: optional(number),
    top_p: optional(number),
    top_k: rarely(fc.integer()),
  })
  .map(withoutUndefined)

describe('plainAnthropicRequest', () => {
  it('accepts only bodies the schema accepts, and returns what the schema returns', () => {
    let accepted = 0
    fc.assert(
      fc.property(body, (candidate) => {
        const plain = plainAnthropicRequest(candidate)
        if (plain === undefined) return
        accepted++
        const parsed = anthropicRequestSchema.safeParse(candidate)
        expect(parsed.success).toBe(true)
        expect(plain).toEqual(parsed.data)
      }),
      { numRuns: 10_000 },
    )
    // The property says something only if the generator reaches accepted bodies.
    expect(accepted).toBeGreaterThan(50)
  })

  it('takes what SDKs send for a plain chat', () => {
    const sdkBody = {
      model: 'vendorb3.8-Flash-Next',
      max_tokens: 1024,
      system: 'Be brief.',
      messages: [
        { role: 'user', content: 'Say hello.' },
        { role: 'assistant', content: 'Hello.' },
        { role: 'user', content: 'Again.' },
      ],
      stream: true,
    }
    expect(plainAnthropicRequest(sdkBody)).toEqual(anthropicRequestSchema.parse(sdkBody))
  })

  it('leaves anything else to the schema (blocks, tools, unknown fields, null for an absent field)', () => {
    const base = { model: 'm', max_tokens: 8, messages: [{ role: 'user', content: 'hi' }] }
    for (const other of [
      { ...base, tools: [] },
      { ...base, messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }] },
      { ...base, system: [{ type: 'text', text: 'Be brief.' }] },
      { ...base, stream: null },
      { ...base, temperature: 1.5 },
      { model: 'm', messages: base.messages },
    ]) {
      expect(plainAnthropicRequest(other)).toBeUndefined()
    }
  })
})
