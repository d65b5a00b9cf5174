import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { openaiRequestSchema } from './openai-request-schema'
import { plainOpenaiRequest } from './plain-openai-request'

// Values around every bound the schema sets, and values of the wrong type.
const number = fc.oneof(
  fc.constantFrom(-1, 0, 0.5, 1, 1.5, 2, 2.5, 3, 2 ** 53, -0, Number.MAX_VALUE, Infinity, NaN),
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
const message = fc
  .record({
    role: fc.oneof(
      { weight: 8, arbitrary: fc.constantFrom('system', 'developer', 'user', 'assistant') },
      { weight: 1, arbitrary: fc.constantFrom('tool', 'other') },
      { weight: 1, arbitrary: anything },
    ),
    content: fc.oneof(
      { weight: 8, arbitrary: fc.string() },
      { weight: 1, arbitrary: fc.constant([{ type: 'text', text: 'hi' }]) },
      { weight: 1, arbitrary: anything },
    ),
    name: rarely(fc.string()),
  })
  .map(withoutUndefined)
const body = fc
  .record({
    model: mostly(fc.string()),
    messages: mostly(fc.array(message, { maxLength: 3 })),
    stream: optional(fc.boolean()),
    max_tokens: optional(number),
    max_completion_tokens: optional(number),
    temperature: optional(number),
    top_p: optional(number),
    seed: rarely(fc.integer()),
    user: rarely(fc.string()),
  })
  .map(withoutUndefined)

describe('plainOpenaiRequest', () => {
  it('accepts only bodies the schema accepts, and as the schema would return them', () => {
    let accepted = 0
    fc.assert(
      fc.property(body, (candidate) => {
        if (plainOpenaiRequest(candidate) === undefined) return
        accepted++
        const parsed = openaiRequestSchema.safeParse(candidate)
        expect(parsed.success).toBe(true)
        expect(parsed.data).toEqual(candidate)
      }),
      { numRuns: 10_000 },
    )
    // The property says something only if the generator reaches accepted bodies.
    expect(accepted).toBeGreaterThan(100)
  })

  it('takes what SDKs send for a plain chat', () => {
    const sdkBody = {
      model: 'vendora-V4-Flash-Vision-Exp',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Say hello.' },
        { role: 'assistant', content: 'Hello.' },
        { role: 'user', content: 'Again.' },
      ],
      stream: true,
      max_tokens: 64,
      temperature: 0.7,
    }
    expect(plainOpenaiRequest(sdkBody)).toBe(sdkBody)
  })

  it('leaves anything else to the schema (tools, parts, unknown fields, a name on a message)', () => {
    const base = { model: 'm', messages: [{ role: 'user', content: 'hi' }] }
    for (const other of [
      { ...base, tools: [] },
      { ...base, messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }] },
      { ...base, messages: [{ role: 'user', content: 'hi', name: 'ann' }] },
      { ...base, frequency_penalty: 0 },
      { ...base, max_tokens: 0 },
      { ...base, temperature: 2.5 },
    ]) {
      expect(plainOpenaiRequest(other)).toBeUndefined()
    }
  })
})
