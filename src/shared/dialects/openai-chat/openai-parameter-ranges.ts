import type { ParameterRanges } from '../dialect'

/**
 * What Chat Completions accepts for temperature and top_p (A1.2), written once: the gateway's schema
 * and its fast path refuse outside these, the request builder clamps into them, and the renderer's
 * sliders span them.
 */
export const OPENAI_PARAMETER_RANGES: ParameterRanges = {
  temperature: {
    param: 'temperature',
    wireName: 'temperature',
    min: 0,
    max: 2,
    dialectLabel: 'Chat Completions',
  },
  topP: { param: 'topP', wireName: 'top_p', min: 0, max: 1, dialectLabel: 'Chat Completions' },
}

/** The request's other bounds (A1.2), read by the same schema, fast path and builder. */
export const OPENAI_REQUEST_LIMITS = {
  /** `max_tokens` and `max_completion_tokens`: at least one token. */
  minMaxTokens: 1,
  /** The API accepts at most four stop sequences. */
  maxStopSequences: 4,
} as const
