import { createSecretMatcher, type SecretMatcher } from '@shared/redaction/secret-matcher'

/** Header names whose values are credentials, wherever they appear (case-insensitive). */
const SECRET_HEADER_NAMES = new Set([
  'authorization',
  'x-api-key',
  'api-key',
  'cookie',
  'set-cookie',
  'proxy-authorization',
])
import { REDACTED } from '@shared/redaction/redact-stream-parts'

export { REDACTED }

/**
 * Replaces credentials in any value about to be logged or sent to the renderer: the exact current
 * key values (from `secrets()`), `Bearer …` tokens, and values of credential headers in objects,
 * through nested objects, arrays, Error message/stack/cause. Cycles are cut.
 */
export function createRedactor(secrets: () => readonly string[]) {
  // The matcher is rebuilt only when the set of keys changes (main learns keys as it reads them).
  let matcherFor = ''
  let matcher: SecretMatcher = createSecretMatcher([])
  function currentMatcher(): SecretMatcher {
    const list = secrets()
    const signature = JSON.stringify(list)
    if (signature !== matcherFor) {
      matcher = createSecretMatcher(list)
      matcherFor = signature
    }
    return matcher
  }

  /** The keys only, in every spelling: for content that must otherwise stay as written. */
  function redactKeys(text: string): string {
    return currentMatcher().redact(text, REDACTED)
  }

  function redactText(text: string): string {
    // Every key, however short (it is the user's secret, whatever it mangles), in every spelling
    // (plain, JSON-escaped, URL-encoded, base64): see createSecretMatcher.
    return redactKeys(text).replace(/\b(Bearer)\s+[A-Za-z0-9._~+/=-]+/gi, `$1 ${REDACTED}`)
  }

  function redact(value: unknown, seen = new WeakSet<object>()): unknown {
    if (typeof value === 'string') return redactText(value)
    if (typeof value !== 'object' || value === null) return value
    if (seen.has(value)) return '[circular]'
    seen.add(value)
    if (value instanceof Error) {
      const out: Record<string, unknown> = { name: value.name, message: redactText(value.message) }
      if (value.stack) out['stack'] = redactText(value.stack)
      if (value.cause !== undefined) out['cause'] = redact(value.cause, seen)
      return out
    }
    if (Array.isArray(value)) return value.map((item) => redact(item, seen))
    const out: Record<string, unknown> = {}
    for (const [key, item] of Object.entries(value)) {
      out[key] = SECRET_HEADER_NAMES.has(key.toLowerCase()) && item != null ? REDACTED : redact(item, seen)
    }
    return out
  }

  return { redact, redactText, redactKeys }
}
