import type { ChatResult, FinishReason, Usage } from '../../chat/chat-result'
import type { TerminalState } from '../../runs/run-types'

/** What graders see of one cell's reply: its text, tool calls, how it ended and its figures. */
export type CellOutput = {
  /** The text parts joined (reasoning excluded). */
  text: string
  toolCalls: Array<{ name: string; arguments: string }>
  finish?: FinishReason
  state: TerminalState
  /** Plain-language error of a failed request, if any. */
  error?: string
  ttftMs?: number
  totalMs?: number
  tokensPerSecond?: number
  usage?: Usage
  /** The reply thought: reasoning text, a thinking block (redacted or not) or reasoning tokens. */
  thought: boolean
  /** Reasoning tokens: the server's count, else an o200k count of the thinking text (`estimated`). */
  reasoningTokens?: number
  reasoningTokensEstimated?: boolean
  /** Exact decimal string (catalog usage reference); absent when the model is not in the catalog. */
  points?: string
}

export function cellOutputFromResult(
  result: Pick<ChatResult, 'content' | 'finish' | 'usage'>,
  rest: Omit<CellOutput, 'text' | 'toolCalls' | 'finish' | 'usage' | 'thought'>,
): CellOutput {
  const text = result.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('')
  const toolCalls = result.content.flatMap((part) =>
    part.type === 'tool-call' ? [{ name: part.name, arguments: part.arguments }] : [],
  )
  const thought =
    result.content.some((part) => part.type === 'reasoning' || part.type === 'redacted-reasoning') ||
    (result.usage?.reasoningTokens ?? 0) > 0 ||
    (rest.reasoningTokens ?? 0) > 0
  return {
    text,
    toolCalls,
    thought,
    ...(result.finish === undefined ? {} : { finish: result.finish }),
    ...(result.usage === undefined ? {} : { usage: result.usage }),
    ...rest,
  }
}
