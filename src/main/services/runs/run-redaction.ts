import type { DialectError } from '../../../shared/chat/errors'
import type { StreamPart } from '../../../shared/chat/stream-part'
import type { HttpRequest } from '../../../shared/http/http-request'
import type { RunUpdate } from '../../../shared/runs/run-types'
import { createRedactor, REDACTED } from '../log/redact'

type RedactedHttp = NonNullable<RunUpdate['request']>

/** Below this length a "key" would redact ordinary words (the log redactor uses the same floor). */
const MIN_SECRET_LENGTH = 8

/**
 * Everything a run sends to the renderer passes through here: the API key lives only in main.
 *
 * Two strengths: metadata (headers, error messages, plain-language messages) gets the log sink's
 * full redactor (credential header names, `Bearer …`, the exact key); content that must stay
 * faithful (the request body the inspector shows, model output, raw SSE data) only loses the exact
 * key, so a prompt that merely says "Bearer" is shown as sent.
 */
export type RunRedactor = {
  request(http: HttpRequest): RedactedHttp
  headers(headers: Headers): Record<string, string>
  text(text: string): string
  /** Exact-key replacement only; returns the same string when the key is absent (the usual case). */
  content(text: string): string
  part(part: StreamPart): StreamPart
  error(error: DialectError): DialectError
}

export function createRunRedactor(apiKey: string | null): RunRedactor {
  const secrets = apiKey !== null && apiKey.length >= MIN_SECRET_LENGTH ? [apiKey] : []
  const { redact, redactText } = createRedactor(() => secrets)
  const key = secrets[0]

  function content(text: string): string {
    return key !== undefined && text.includes(key) ? text.split(key).join(REDACTED) : text
  }

  function part(p: StreamPart): StreamPart {
    if (key === undefined) return p
    switch (p.type) {
      case 'text-delta':
      case 'reasoning-delta':
        return p.text.includes(key) ? { ...p, text: content(p.text) } : p
      case 'tool-call-delta':
        return p.argumentsDelta.includes(key) ? { ...p, argumentsDelta: content(p.argumentsDelta) } : p
      case 'error':
        return { ...p, error: error(p.error) }
      case 'raw':
        return { ...p, event: { ...p.event, data: content(p.event.data) } }
      case 'start':
      case 'tool-call-start':
      case 'tool-call-end':
      case 'usage':
      case 'finish':
      case 'end':
        return p
      default: {
        const unreachable: never = p
        throw new Error(`unknown stream part ${JSON.stringify(unreachable)}`)
      }
    }
  }

  function error(e: DialectError): DialectError {
    const out: DialectError = { ...e, type: redactText(e.type), message: redactText(e.message) }
    if (typeof e.code === 'string') out.code = redactText(e.code)
    if (typeof e.param === 'string') out.param = redactText(e.param)
    if (e.requestId !== undefined) out.requestId = redactText(e.requestId)
    return out
  }

  return {
    request(http) {
      const redacted: RedactedHttp = {
        method: http.method,
        url: redactText(http.url),
        headers: redact(http.headers) as Record<string, string>,
      }
      if (http.body !== undefined) redacted.body = content(http.body)
      return redacted
    },
    headers(headers) {
      const record: Record<string, string> = {}
      headers.forEach((value, name) => {
        record[name] = value
      })
      return redact(record) as Record<string, string>
    },
    text: redactText,
    content,
    part,
    error,
  }
}
