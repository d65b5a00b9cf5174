const KIBI = 1024
const MEBI = 1024 * 1024

/**
 * Context lengths the way model pages write them: binary multiples, so 1,048,576 tokens reads
 * "1M tokens" and 262,144 reads "256K tokens" (not "1.05M" / "262K"). Not a multiple: one decimal.
 */
export function formatContextLength(tokens: number): string {
  if (tokens >= MEBI) return `${compact(tokens / MEBI)}M tokens`
  if (tokens >= KIBI) return `${compact(tokens / KIBI)}K tokens`
  return `${tokens} tokens`
}

/** The exact figure, for the tooltip: "1,048,576 tokens". */
export function exactContextLength(tokens: number): string {
  return `${tokens.toLocaleString('en-US')} tokens`
}

function compact(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(1).replace(/\.0$/, '')
}
