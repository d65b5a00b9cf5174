import type { CatalogUsageReference } from '@shared/catalog'
import { pointsForUsage } from '@shared/catalog'
import type { Usage } from '@shared/chat/chat-result'
import type { StreamPart } from '@shared/chat/stream-part'
import type { RunMetrics } from '@shared/runs/run-types'
import { createOutputTokenEstimator } from './output-token-estimator'

/**
 * Timings and token counts of one attempt, measured in main as bytes arrive (never from render
 * updates). All times are on the registry's clock (`now()`, epoch ms); durations are relative to
 * the moment the request was sent.
 */
export type RunMetricsTracker = {
  headersReceived(at: number): void
  /** A part as it arrived at `at` (the time its network chunk was read). */
  observe(part: StreamPart, at: number): void
  /** The figures now; `endedAt` (terminal updates only) adds `totalMs`. */
  snapshot(endedAt?: number): RunMetrics
}

const REASONING = 'reasoning'

/**
 * How long a reply thought: each span runs from its first reasoning part to the first answer part
 * after it; a span still open runs to the end of the reply, or (live) to its latest reasoning part.
 */
function createThinkingClock() {
  let done = 0
  let spanStart: number | undefined
  let spanLast = 0
  let seen = false
  return {
    observe(reasoning: boolean, at: number): void {
      if (reasoning) {
        seen = true
        spanStart ??= at
        spanLast = at
      } else if (spanStart !== undefined) {
        done += at - spanStart
        spanStart = undefined
      }
    },
    elapsed(endedAt: number | undefined): number | undefined {
      if (!seen) return undefined
      return spanStart === undefined ? done : done + (endedAt ?? spanLast) - spanStart
    },
  }
}

/** Parts that carry generated content: they time the first token and the token rate. */
function contentText(part: StreamPart): { channel: string; text: string } | undefined {
  switch (part.type) {
    case 'text-delta':
      return { channel: 'text', text: part.text }
    case 'reasoning-delta':
      return { channel: REASONING, text: part.text }
    case 'tool-call-delta':
      return { channel: `tool:${part.index}`, text: part.argumentsDelta }
    case 'tool-call-start':
      // The call itself is content (the user sees it begin), though its name is not counted as output.
      return { channel: `tool:${part.index}`, text: '' }
    case 'redacted-reasoning':
      // Thinking the user cannot read is still thinking the model did: content, of unknown length.
      return { channel: REASONING, text: '' }
    case 'reasoning-signature':
    case 'start':
    case 'tool-call-end':
    case 'usage':
    case 'finish':
    case 'error':
    case 'end':
    case 'raw':
      return undefined
    default: {
      const unreachable: never = part
      throw new Error(`unknown stream part ${JSON.stringify(unreachable)}`)
    }
  }
}

/** When content arrived: its first part times the first token, first to last the token rate. */
function createContentClock() {
  let first: number | undefined
  let last: number | undefined
  let parts = 0
  return {
    observe(at: number): void {
      parts++
      first ??= at
      last = at
    },
    firstAt: (): number | undefined => first,
    /** `tokens` over the span from the first content part to the latest, once it has one. */
    rate(tokens: number): number | undefined {
      if (parts < 2 || first === undefined || last === undefined) return undefined
      const seconds = (last - first) / 1000
      // Parts that arrived in one network chunk share a time: no rate until time has passed.
      return seconds > 0 ? tokens / seconds : undefined
    },
  }
}

/** The points of the usage reported so far, by the catalog's rates. */
function pointsOf(
  usage: Usage | undefined,
  pricing: Pick<CatalogUsageReference, 'items'> | undefined,
): string | undefined {
  if (usage === undefined || pricing === undefined) return undefined
  try {
    return pointsForUsage(usage, pricing)
  } catch {
    // A server reporting fractional or negative counts: no points rather than wrong ones.
    return undefined
  }
}

export function createRunMetrics(options: {
  startedAt: number
  /** The catalog's usage reference of the requested model; absent for a model the catalog lacks. */
  pricing: Pick<CatalogUsageReference, 'items'> | undefined
}): RunMetricsTracker {
  const { startedAt, pricing } = options
  const estimator = createOutputTokenEstimator()
  let headersAt: number | undefined
  const content = createContentClock()
  const thinking = createThinkingClock()
  let usage: Usage | undefined
  // Usage counts are exact only for what had arrived when they were reported: Messages reports
  // `output_tokens: 1` in message_start, before any text. Content after the latest usage means
  // the live estimate is the better figure until the next report.
  let usageIsCurrent = false

  function outputTokens(): { count: number; estimated: boolean } {
    if (usage !== undefined && usageIsCurrent) return { count: usage.outputTokens, estimated: false }
    return { count: estimator.total(), estimated: true }
  }

  return {
    headersReceived(at) {
      headersAt ??= at
    },
    observe(part, at) {
      if (part.type === 'usage') {
        usage = { ...part.usage }
        usageIsCurrent = true
        return
      }
      const generated = contentText(part)
      if (generated === undefined) return
      // A call's start and a redacted block are content without text; an empty delta is nothing.
      if (
        generated.text.length === 0 &&
        part.type !== 'tool-call-start' &&
        part.type !== 'redacted-reasoning'
      )
        return
      estimator.add(generated.channel, generated.text)
      thinking.observe(generated.channel === REASONING, at)
      usageIsCurrent = false
      content.observe(at)
    },
    snapshot(endedAt) {
      const tokens = outputTokens()
      const metrics: RunMetrics = {
        startedAt,
        outputTokens: tokens.count,
        outputTokensEstimated: tokens.estimated,
      }
      if (headersAt !== undefined) metrics.ttfbMs = headersAt - startedAt
      const firstContentAt = content.firstAt()
      if (firstContentAt !== undefined) metrics.ttftMs = firstContentAt - startedAt
      if (endedAt !== undefined) metrics.totalMs = endedAt - startedAt
      const rate = content.rate(tokens.count)
      if (rate !== undefined) metrics.tokensPerSecond = rate
      if (usage !== undefined) metrics.usage = { ...usage }
      const reasoningMs = thinking.elapsed(endedAt)
      if (reasoningMs !== undefined) {
        metrics.reasoningMs = reasoningMs
        const reported = usageIsCurrent ? usage?.reasoningTokens : undefined
        metrics.reasoningTokens = reported ?? estimator.channelTotal(REASONING)
        metrics.reasoningTokensEstimated = reported === undefined
      }
      const pts = pointsOf(usage, pricing)
      if (pts !== undefined) metrics.points = pts
      return metrics
    },
  }
}
