import type { DialectError } from '@shared/chat/errors'
import type { StreamPart } from '@shared/chat/stream-part'
import type { SseMessage } from '@shared/dialects/sse/sse-message'
import type { HttpRequest } from '@shared/http/http-request'
import { requestBodyHead, requestBodyLength } from '@shared/http/json-request-body'
import { redactStrings } from '@shared/redaction/redact-strings'
import {
  createPartRedactor,
  VOCABULARY_FIELDS,
  type PartRedactor,
} from '@shared/redaction/redact-stream-parts'

import { createFragmentRedactor, createSecretMatcher } from '@shared/redaction/secret-matcher'
import type { RunUpdate } from '@shared/runs/run-types'
import { createRedactor, REDACTED } from '../log/redact'

type RedactedHttp = NonNullable<RunUpdate['request']>

/**
 * Everything a run sends to the renderer passes through here: the API key lives only in main.
 *
 * Two strengths: metadata (headers, error messages, plain-language messages) gets the log sink's
 * full redactor (credential header names, `Bearer …`, the key); content that must stay faithful
 * (the request body the inspector shows, model output, raw SSE data) only loses the key, so a prompt
 * that merely says "Bearer" is shown as sent. Either way the key is found in every spelling
 * (createSecretMatcher) and whatever its length.
 */
export type RunRedactor = {
  request(http: HttpRequest): RedactedHttp
  headers(headers: Headers): Record<string, string>
  text(text: string): string
  /** Key replacement only; returns the same string when the key is absent (the usual case). */
  content(text: string): string
  /**
   * Metadata redaction, THEN truncation to `maxChars` (with `…`): truncating first could cut a key
   * in two and let its first part through. `readCut` says the text was already cut when read (a
   * capped body): a key beginning at its very end is then redacted too.
   */
  clip(text: string, maxChars: number, readCut?: boolean): string
  /** Every string field of one part (no carry: for parts outside a reply's stream). */
  part(part: StreamPart): StreamPart
  /** A new ordered redactor for one reply. */
  parts(): PartRedactor
  rawEvent(event: SseMessage): SseMessage
  error(error: DialectError): DialectError
}

/**
 * Raw events are shown one by one, so a key split across two deltas appears as two pieces a reader
 * could join: pieces of the key this long are redacted there (shorter ones stay: see the fragment
 * redactor).
 */
const RAW_FRAGMENT_CHARS = 8

/**
 * The inspector is handed the head of a longer request body, with the whole body's length: a send
 * into a 1M-token chat would otherwise redact, serialize, carry to the renderer and parse 2+ MB per
 * pane, for a view nobody reads whole (its "Copy as" buttons build the whole request themselves).
 */
export const SHOWN_BODY_CHARS = 64 * 1024

export function createRunRedactor(apiKey: string | null): RunRedactor {
  const secrets = apiKey === null || apiKey === '' ? [] : [apiKey]
  const { redact, redactText } = createRedactor(() => secrets)
  const matcher = createSecretMatcher(secrets)
  const fragments = createFragmentRedactor(secrets, RAW_FRAGMENT_CHARS)

  function content(text: string): string {
    return matcher.redact(text, REDACTED)
  }

  const strings = <T>(value: T, redactString: (text: string) => string): T =>
    redactStrings(value, redactString, VOCABULARY_FIELDS)

  function error(e: DialectError): DialectError {
    // `type` is the dialect's free-text type string here (only `kind` is a vocabulary).
    return matcher.empty ? e : { ...strings(e, redactText), type: redactText(e.type) }
  }

  function part(p: StreamPart): StreamPart {
    if (matcher.empty) return p
    return p.type === 'error' ? { ...p, error: error(p.error) } : strings(p, content)
  }

  function clip(text: string, maxChars: number, readCut = false): string {
    // Only the head is shown: redact a window long enough to hold any key starting inside the head.
    const windowEnd = maxChars + matcher.longest
    let redacted = redactText(text.length > windowEnd ? text.slice(0, windowEnd) : text)
    if (readCut && text.length <= windowEnd) {
      const tail = matcher.heldTail(redacted)
      if (tail !== undefined) redacted = redacted.slice(0, tail.start) + REDACTED
    }
    return redacted.length > maxChars ? redacted.slice(0, maxChars) + '…' : redacted
  }

  function parts(): PartRedactor {
    return createPartRedactor(matcher, secrets, part)
  }

  return {
    request(http) {
      const redacted: RedactedHttp = {
        method: http.method,
        url: redactText(http.url),
        headers: redact(http.headers) as Record<string, string>,
      }
      // Length and head only: a JSON body being sent is not written as one string for the inspector.
      const chars = requestBodyLength(http)
      if (chars === undefined) return redacted
      if (chars <= SHOWN_BODY_CHARS) {
        redacted.body = content(http.body ?? '')
        return redacted
      }
      // Redact a window that holds any key starting inside the head, THEN cut (as clip does).
      const window = content(requestBodyHead(http, SHOWN_BODY_CHARS + matcher.longest) ?? '')
      redacted.body = window.slice(0, SHOWN_BODY_CHARS)
      redacted.bodyChars = chars
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
    clip,
    part,
    parts,
    rawEvent(event) {
      return matcher.empty ? event : strings(event, (text) => fragments(content(text), REDACTED))
    },
    error,
  }
}
