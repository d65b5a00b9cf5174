import { describe, expect, it } from 'vitest'
import type { ChatRequest } from '../chat/chat-request'
import { GatewayError } from '../chat/errors'
import type { Dialect, ParamRange } from './dialect'
import { dialectList } from './index'

const TARGET = { baseUrl: 'http://127.0.0.1:8787/v1', apiKey: 'sk-ranges-0123' }

/** The wire body a client of the dialect sends for `request`, with one field set to `value`. */
function wireWith(dialect: Dialect, wireName: string, value: number): Record<string, unknown> {
  const request: ChatRequest = {
    model: 'm',
    messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
    stream: false,
    maxTokens: 16,
  }
  const body = JSON.parse(dialect.buildRequest(request, TARGET).http.body ?? '') as Record<string, unknown>
  return { ...body, [wireName]: value }
}

function refused(dialect: Dialect, body: unknown): boolean {
  try {
    dialect.decodeRequest(body)
    return false
  } catch (error) {
    if (error instanceof GatewayError) return true
    throw error
  }
}

describe.each(dialectList.map((dialect) => [dialect.id, dialect] as const))(
  '%s: one source for each parameter range',
  (_, dialect) => {
    const ranges: ParamRange[] = Object.values(dialect.parameterRanges)

    it.each(ranges.map((range) => [range.wireName, range] as const))(
      '%s: the gateway takes the ends of the range and refuses past them',
      (wireName, range) => {
        expect(refused(dialect, wireWith(dialect, wireName, range.min))).toBe(false)
        expect(refused(dialect, wireWith(dialect, wireName, range.max))).toBe(false)
        expect(refused(dialect, wireWith(dialect, wireName, range.max + 0.01))).toBe(true)
        expect(refused(dialect, wireWith(dialect, wireName, range.min - 0.01))).toBe(true)
      },
    )

    it.each(ranges.map((range) => [range.wireName, range] as const))(
      '%s: the request builder clamps into the same range, and says so',
      (wireName, range) => {
        const request: ChatRequest = {
          model: 'm',
          messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
          stream: false,
          maxTokens: 16,
          [range.param]: range.max + 1,
        }
        const built = dialect.buildRequest(request, TARGET)
        const body = JSON.parse(built.http.body ?? '') as Record<string, unknown>
        expect(body[wireName]).toBe(range.max)
        expect(built.adjustments).toContainEqual(
          expect.objectContaining({ param: range.param, action: 'clamped' }),
        )
      },
    )
  },
)
