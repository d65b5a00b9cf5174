import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { ToolCallPart } from '../../chat/chat-request'
import type { ChatResult } from '../../chat/chat-result'
import type { EncodeContext } from '../dialect'
import { anyText, nonEmptyText, openaiFinishReason, toolName } from './__fixtures__/openai-arbitraries'
import { encodeOpenaiResponse } from './encode-openai-response'
import { mapOpenaiFinishReason } from './map-openai-finish-reason'
import { parseOpenaiResponse } from './parse-openai-response'

const context: EncodeContext = {
  id: 'chatcmpl-gw2',
  model: 'vendora-V4-Flash-Vision-Exp',
  created: 1735689700,
  includeUsage: false,
}

describe('encodeOpenaiResponse', () => {
  it('writes the A2 shape with every required field', () => {
    expect(
      encodeOpenaiResponse(
        {
          content: [
            { type: 'text', text: 'Let me look.' },
            { type: 'tool-call', id: 'call_Xy12', name: 'get_weather', arguments: '{"city":"Paris"}' },
          ],
          finish: { unified: 'tool-calls', raw: 'tool_use' },
          usage: { inputTokens: 82, outputTokens: 17, cacheReadTokens: 64 },
          status: 'completed',
        },
        context,
      ),
    ).toEqual({
      id: 'chatcmpl-gw2',
      object: 'chat.completion',
      created: 1735689700,
      model: 'vendora-V4-Flash-Vision-Exp',
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: 'Let me look.',
            refusal: null,
            tool_calls: [
              {
                id: 'call_Xy12',
                type: 'function',
                function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
              },
            ],
            annotations: [],
          },
          logprobs: null,
          finish_reason: 'tool_calls',
        },
      ],
      usage: {
        prompt_tokens: 82,
        completion_tokens: 17,
        total_tokens: 99,
        prompt_tokens_details: { cached_tokens: 64 },
        completion_tokens_details: { reasoning_tokens: 0 },
      },
    })
  })

  it('writes null content for a tool-only reply, no tool_calls key without calls, zero usage when unknown', () => {
    const toolOnly = encodeOpenaiResponse(
      { content: [{ type: 'tool-call', id: 'c', name: 'f', arguments: '{}' }], status: 'completed' },
      context,
    ) as { choices: Array<{ message: Record<string, unknown>; finish_reason: string }>; usage: unknown }
    expect(toolOnly.choices[0]?.message['content']).toBeNull()
    expect(toolOnly.choices[0]?.finish_reason).toBe('tool_calls')
    const empty = encodeOpenaiResponse({ content: [], status: 'completed' }, context) as typeof toolOnly
    expect(empty.choices[0]?.message).not.toHaveProperty('tool_calls')
    expect(empty.choices[0]?.finish_reason).toBe('stop')
    expect(empty.usage).toEqual({
      prompt_tokens: 0,
      completion_tokens: 0,
      total_tokens: 0,
      prompt_tokens_details: { cached_tokens: 0 },
      completion_tokens_details: { reasoning_tokens: 0 },
    })
  })

  it('joins text parts into one content string, text after a call included', () => {
    const body = encodeOpenaiResponse(
      {
        content: [
          { type: 'text', text: 'a' },
          { type: 'tool-call', id: 'c', name: 'f', arguments: '' },
          { type: 'text', text: 'b' },
        ],
        status: 'completed',
      },
      context,
    )
    expect(parseOpenaiResponse(body).content).toEqual([
      { type: 'text', text: 'ab' },
      { type: 'tool-call', id: 'c', name: 'f', arguments: '' },
    ])
  })

  // Not carried, so not generated: text after a tool call (all text is one `content`), a stop
  // sequence, finish reasons without an OpenAI value. Usage always travels with both detail counts.
  it('round-trips through parseOpenaiResponse', () => {
    const call = fc.record({
      type: fc.constant('tool-call' as const),
      id: fc.stringMatching(/^call_[A-Za-z0-9]{1,12}$/),
      name: toolName,
      arguments: anyText,
    })
    const result = fc
      .record(
        {
          text: nonEmptyText,
          calls: fc.array(call, { maxLength: 3 }),
          reasoning: nonEmptyText,
          finish: openaiFinishReason,
          usage: fc.record({
            inputTokens: fc.nat(),
            outputTokens: fc.nat(),
            cacheReadTokens: fc.nat(),
            reasoningTokens: fc.nat(),
            cacheWriteTokens: fc.option(fc.nat(), { nil: undefined }),
          }),
        },
        { requiredKeys: ['calls', 'finish', 'usage'] },
      )
      .map(({ text, calls, reasoning, finish, usage }): ChatResult => {
        const r: ChatResult = {
          id: context.id,
          model: context.model,
          // Reasoning is read back first: `reasoning_content` is a field of its own.
          content: [
            ...(reasoning !== undefined ? [{ type: 'reasoning' as const, text: reasoning }] : []),
            ...(text !== undefined ? [{ type: 'text' as const, text }] : []),
            ...(calls as ToolCallPart[]),
          ],
          finish: { unified: mapOpenaiFinishReason(finish), raw: finish },
          usage: { ...usage },
          status: 'completed',
        }
        if (usage.cacheWriteTokens === undefined) delete r.usage?.cacheWriteTokens
        return r
      })
    fc.assert(
      fc.property(result, (r) => {
        expect(parseOpenaiResponse(JSON.parse(JSON.stringify(encodeOpenaiResponse(r, context))))).toEqual(r)
      }),
      { numRuns: 300 },
    )
  })
})
