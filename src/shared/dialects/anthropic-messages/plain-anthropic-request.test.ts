import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  anything,
  edgeNumber,
  expectReadsAsSchema,
  mostly,
  optional,
  rarely,
  withoutUndefined,
} from '../__fixtures__/edge-arbitraries'
import { anthropicRequestSchema } from './anthropic-request-schema'
import { plainAnthropicRequest } from './plain-anthropic-request'

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
    max_tokens: mostly(edgeNumber),
    messages: mostly(fc.array(message, { maxLength: 3 })),
    system: optional(text),
    stream: optional(fc.boolean()),
    temperature: optional(edgeNumber),
    top_p: optional(edgeNumber),
    top_k: rarely(fc.integer()),
  })
  .map(withoutUndefined)

describe('plainAnthropicRequest', () => {
  it('accepts only bodies the schema accepts, and returns what the schema returns', () => {
    expectReadsAsSchema({
      arbitrary: body,
      read: plainAnthropicRequest,
      schema: anthropicRequestSchema,
      numRuns: 10_000,
      minTaken: 50,
    })
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
