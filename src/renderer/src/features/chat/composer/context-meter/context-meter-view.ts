import { formatCount } from '@renderer/features/chat/format-reply'

export type MeterPane = {
  /** `Pane 1`; empty with one pane. */
  label: string
  model: string
  /** The prompt's tokens with the draft as its next turn; undefined while it is being counted. */
  tokens: number | undefined
  /** The model's context length (catalog); undefined for a model the catalog does not list. */
  contextLength: number | undefined
  /** The room the send asks for the reply: max tokens, or the dialect's default (0: none asked). */
  maxTokens: number
  /** Who counted: the service's `count_tokens`, or the local tokenizer as the local gateway counts. */
  source: 'service' | 'local'
}

export type MeterView = {
  /** Per pane: `12,480 / 262,144 tokens`. */
  parts: Array<{ label: string; text: string; over: boolean; title: string }>
  /** What a send would run into, one sentence per pane that would not fit. */
  warnings: string[]
}

function paneText(pane: MeterPane, blind: boolean): string {
  if (pane.tokens === undefined) return 'counting…'
  const tokens = formatCount(pane.tokens)
  return pane.contextLength === undefined || blind
    ? `${tokens} tokens`
    : `${tokens} / ${formatCount(pane.contextLength)} tokens`
}

function warning(pane: MeterPane, blind: boolean): string | undefined {
  const { tokens, contextLength, maxTokens } = pane
  if (tokens === undefined || contextLength === undefined) return undefined
  const who = pane.label === '' ? '' : `${pane.label}: `
  if (blind) {
    return tokens + maxTokens > contextLength
      ? `${who}the conversation, the draft and max tokens do not fit its model's context (which model is hidden until you vote).`
      : undefined
  }
  if (tokens > contextLength) {
    return `${who}the conversation and the draft (${formatCount(tokens)} tokens) exceed ${pane.model}'s context of ${formatCount(contextLength)} tokens; the send would be refused.`
  }
  if (tokens + maxTokens > contextLength) {
    return `${who}${formatCount(tokens)} prompt tokens + ${formatCount(maxTokens)} max tokens exceed ${pane.model}'s context of ${formatCount(contextLength)} tokens; lower max tokens or shorten the conversation.`
  }
  return undefined
}

/**
 * The composer's context meter: each pane's prompt against its model's context, and any overflow.
 * `blind`: the context lengths and model names would say which pane is which, so only counts show.
 */
export function meterView(panes: readonly MeterPane[], blind = false): MeterView {
  const parts = panes.map((pane) => ({
    label: pane.label,
    text: paneText(pane, blind),
    over: warning(pane, blind) !== undefined,
    title:
      pane.source === 'service'
        ? 'Counted by the service (count_tokens)'
        : 'Counted here as the local gateway counts (o200k): the conversation, the system prompt, tools and the draft',
  }))
  const warnings = panes.flatMap((pane) => warning(pane, blind) ?? [])
  return { parts, warnings }
}
