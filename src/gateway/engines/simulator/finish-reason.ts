import type { DialectId } from '@shared/chat/chat-request'
import type { FinishReason } from '@shared/chat/chat-result'

/** Why a simulated reply ended, before it is spelled in a dialect. */
export type SimulatedEnding =
  | { kind: 'natural' }
  | { kind: 'max-tokens' }
  | { kind: 'stop-sequence'; sequence: string }
  | { kind: 'tool-call' }

/**
 * The finish reason exactly as each dialect's real servers spell it. Chat Completions says `stop` for
 * a stop sequence too, without naming it on the wire; Messages says `stop_sequence` and names it. A
 * Record over DialectId makes a new dialect a compile error here until it says how it spells these.
 */
const RAW_FINISH: Record<DialectId, Record<SimulatedEnding['kind'], string>> = {
  'openai-chat': {
    natural: 'stop',
    'max-tokens': 'length',
    'stop-sequence': 'stop',
    'tool-call': 'tool_calls',
  },
  'anthropic-messages': {
    natural: 'end_turn',
    'max-tokens': 'max_tokens',
    'stop-sequence': 'stop_sequence',
    'tool-call': 'tool_use',
  },
}

export function simulatedFinishReason(ending: SimulatedEnding, dialect: DialectId): FinishReason {
  const raw = RAW_FINISH[dialect][ending.kind]
  switch (ending.kind) {
    case 'natural':
      return { unified: 'stop', raw }
    case 'max-tokens':
      return { unified: 'length', raw }
    case 'stop-sequence':
      // Kept for both dialects: the OpenAI encoder just has no field to carry it.
      return { unified: 'stop', raw, stopSequence: ending.sequence }
    case 'tool-call':
      return { unified: 'tool-calls', raw }
    default: {
      const unreachable: never = ending
      throw new Error(`unknown ending ${JSON.stringify(unreachable)}`)
    }
  }
}
