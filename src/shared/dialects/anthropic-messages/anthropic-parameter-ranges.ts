import type { ParameterRanges } from '../dialect'

/**
 * What Messages accepts for temperature and top_p (B1.2), written once: the gateway's schema and its
 * fast path refuse outside these, the request builder clamps into them, and the renderer's sliders
 * span them.
 */
export const ANTHROPIC_PARAMETER_RANGES: ParameterRanges = {
  temperature: { param: 'temperature', wireName: 'temperature', min: 0, max: 1, dialectLabel: 'Messages' },
  topP: { param: 'topP', wireName: 'top_p', min: 0, max: 1, dialectLabel: 'Messages' },
}

/** The request's other bounds (B1.2), read by the same schema and fast path. */
export const ANTHROPIC_REQUEST_LIMITS = {
  /** `max_tokens`: at least one token. */
  minMaxTokens: 1,
  maxModelChars: 256,
  maxMessages: 100_000,
  /**
   * The gateway's own cap (the API documents none): the simulator looks for every stop sequence in
   * every reply it writes, so their number is bounded to keep that cheap.
   */
  maxStopSequences: 1024,
} as const
