import { encode } from 'gpt-tokenizer'
import { expect } from 'vitest'

/** A forced tool the simulator fills from the user's words (`city` ← "in Paris"). */
export const WEATHER_PARAMETERS = {
  type: 'object' as const,
  properties: {
    city: { type: 'string', description: 'City name' },
    unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
  },
  required: ['city', 'unit'],
  additionalProperties: false,
}

/** A structured-output schema of the strict kind (every property required, no extras). */
export const REPORT_SCHEMA: Record<string, unknown> = {
  type: 'object',
  properties: {
    city: { type: 'string' },
    temperature_c: { type: 'number' },
    conditions: { type: 'array', items: { type: 'string', enum: ['sunny', 'cloudy', 'rain'] } },
  },
  required: ['city', 'temperature_c', 'conditions'],
  additionalProperties: false,
}

/** What a strict client checks of a REPORT_SCHEMA reply, written out rather than validated generically. */
export function expectReport(text: string): void {
  const value = JSON.parse(text) as Record<string, unknown>
  expect(Object.keys(value).sort()).toEqual(['city', 'conditions', 'temperature_c'])
  expect(typeof value['city']).toBe('string')
  expect(typeof value['temperature_c']).toBe('number')
  expect(Array.isArray(value['conditions'])).toBe(true)
  for (const item of value['conditions'] as unknown[]) expect(['sunny', 'cloudy', 'rain']).toContain(item)
}

/**
 * A prompt whose real token count (o200k_base, counted here with gpt-tokenizer directly) is far from a
 * characters/4 guess: " hello" is one token per 6 characters. A context check that counted
 * characters would refuse what fits and accept what does not, which is what the tests probe.
 */
export const LONG_PROMPT = 'hello '.repeat(2000).trim()
export const LONG_PROMPT_TOKENS = encode(LONG_PROMPT).length
/** Tokens the counting may add around the text (role framing, priming); generous on purpose. */
export const PROMPT_OVERHEAD_MARGIN = 60

/** A 1×1 transparent PNG. */
export const TINY_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='

/** A body just over the test gateways' 256 KiB cap. */
export const OVERSIZED_TEXT = 'x'.repeat(300 * 1024)
