import type { HttpRequest } from './http-request'

/**
 * JSON text that is printable ASCII: every character outside U+0020–U+007E written as `\uXXXX`.
 *
 * Why: JSON.stringify leaves U+007F–U+009F, U+2028/2029, bidi controls and all non-ASCII raw; pasted
 * into a terminal they can be invisible or reorder the command (security.md §3). Dialects serialize
 * request bodies with this, so the generated curl carries the very bytes that are sent. Escaping is
 * safe at character level: in valid JSON these characters only occur inside strings, where `\uXXXX`
 * means the same character. Lone surrogates are already escaped by JSON.stringify (ES2019). Tab, LF
 * and CR are left alone: valid JSON only has them raw as whitespace between tokens (pretty-printed
 * text), where an escape would be a syntax error.
 */
export function escapeJsonNonAscii(jsonText: string): string {
  return jsonText.replace(
    /[^\x20-\x7e\t\n\r]/g,
    (ch) => '\\u' + ch.charCodeAt(0).toString(16).padStart(4, '0'),
  )
}

export function toAsciiJson(value: unknown): string {
  return escapeJsonNonAscii(JSON.stringify(value))
}

/**
 * A request whose body is `toAsciiJson(body)`, written when first read and then kept. A dialect's
 * adjustments are known before the body is written, and the parameters panel's translation preview
 * reads only those: for a 1M-token conversation that skips 2+ MB of serializing and escaping per
 * pane on each pause in typing. Sending, curl and the code views read the body as before.
 */
export function withJsonBody(head: Omit<HttpRequest, 'body'>, body: unknown): HttpRequest {
  let text: string | undefined
  return {
    ...head,
    get body() {
      return (text ??= toAsciiJson(body))
    },
  }
}
