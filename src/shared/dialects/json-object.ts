/** A JSON object (not null, not an array): what a request body and each of its messages must be. */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
