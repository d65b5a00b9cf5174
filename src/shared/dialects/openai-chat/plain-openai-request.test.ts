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
import { openaiRequestSchema } from './openai-request-schema'
import { plainOpenaiRequest } from './plain-openai-request'

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
    max_tokens: optional(edgeNumber),
    max_completion_tokens: optional(edgeNumber),
    temperature: optional(edgeNumber),
    top_p: optional(edgeNumber),
    seed: rarely(fc.integer()),
    user: rarely(fc.string()),
  })
  .map(withoutUndefined)

describe('plainOpenaiRequest', () => {
  it('accepts only bodies the schema accepts, and as the schema would return them', () => {
    expectReadsAsSchema({
      arbitrary: body,
      read: plainOpenaiRequest,
      schema: openaiRequestSchema,
      numRuns: 10_000,
      minTaken: 100,
    })
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
