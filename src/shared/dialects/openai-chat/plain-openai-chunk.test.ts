import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { anything, expectReadsAsSchema, rarely, withoutUndefined } from '../__fixtures__/edge-arbitraries'
import { openaiChunkReadSchema } from './openai-read-schemas'
import { plainOpenaiChunk } from './plain-openai-chunk'

/** Mostly the well-typed value (or null, which the schema takes), sometimes anything at all. */
const mostly = <T>(value: fc.Arbitrary<T>) =>
  fc.oneof(
    { weight: 6, arbitrary: value },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: anything },
  )
const sometimes = (value: fc.Arbitrary<unknown>) => fc.option(value, { nil: undefined, freq: 2 })

const delta = fc
  .record({
    role: sometimes(fc.constant('assistant')),
    content: sometimes(mostly(fc.string())),
    refusal: rarely(mostly(fc.string())),
    reasoning_content: rarely(mostly(fc.string())),
    reasoning: rarely(mostly(fc.string())),
    tool_calls: rarely(fc.constant([{ index: 0, id: 'call_1', function: { name: 'f', arguments: '{' } }])),
  })
  .map(withoutUndefined)
const choice = fc
  .record({
    index: sometimes(mostly(fc.integer({ min: 0, max: 2 }))),
    delta: sometimes(mostly(delta)),
    finish_reason: sometimes(mostly(fc.constantFrom('stop', 'length', 'tool_calls'))),
    logprobs: sometimes(fc.constant(null)),
  })
  .map(withoutUndefined)
const chunk = fc
  .record({
    id: sometimes(mostly(fc.string())),
    object: sometimes(fc.constant('chat.completion.chunk')),
    created: sometimes(fc.integer()),
    model: sometimes(mostly(fc.string())),
    choices: sometimes(mostly(fc.array(mostly(choice), { maxLength: 2 }))),
    usage: rarely(fc.constant({ prompt_tokens: 9, completion_tokens: 5, total_tokens: 14 })),
    error: rarely(fc.constant({ message: 'boom' })),
  })
  .map(withoutUndefined)

describe('plainOpenaiChunk', () => {
  it('reads every chunk it takes exactly as openaiChunkReadSchema does', () => {
    expectReadsAsSchema({
      arbitrary: chunk,
      read: plainOpenaiChunk,
      schema: openaiChunkReadSchema,
      numRuns: 5_000,
      minTaken: 200,
    })
  })

  it('takes the text deltas and finish chunks of an ordinary stream', () => {
    const text = {
      id: 'chatcmpl-1',
      object: 'chat.completion.chunk',
      created: 1,
      model: 'm',
      choices: [{ index: 0, delta: { content: ' hello' }, logprobs: null, finish_reason: null }],
    }
    const finish = { ...text, choices: [{ index: 0, delta: {}, logprobs: null, finish_reason: 'stop' }] }
    expect(plainOpenaiChunk(text)).toEqual(openaiChunkReadSchema.parse(text))
    expect(plainOpenaiChunk(finish)).toEqual(openaiChunkReadSchema.parse(finish))
  })

  it('leaves tool calls, usage, errors and fields of the wrong type to the schema', () => {
    const base = { id: 'c', choices: [{ index: 0, delta: { content: 'x' } }] }
    for (const other of [
      { ...base, choices: [{ index: 0, delta: { tool_calls: [{ index: 0 }] } }] },
      { ...base, usage: { prompt_tokens: 1 } },
      { ...base, error: { message: 'boom' } },
      { ...base, choices: [{ index: '0', delta: { content: 'x' } }] },
      { ...base, choices: [{ index: 0, delta: { content: 5 } }] },
    ]) {
      expect(plainOpenaiChunk(other)).toBeUndefined()
    }
  })
})
