import { escapeJsonNonAscii } from '../http/json-ascii'
import { hasControlCharacter } from './curl-input-checks'
import { CurlUnsafeInputError } from './curl-unsafe-input-error'

export type CurlBody = {
  /** The text for `--data-raw`: printable ASCII, so a paste can neither hide nor reorder anything. */
  dataRaw: string
  /** The JSON body asks for a stream (`"stream": true`): curl should then print it as it arrives. */
  streams: boolean
}

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/
// Raw TAB/LF/CR in valid JSON can only be whitespace between tokens (inside strings they must be
// escaped). escapeJsonNonAscii would turn them into `\u000a` outside a string, i.e. invalid JSON.
const JSON_CONTROL_WHITESPACE = /[\t\n\r]/

/**
 * The body as curl will send it. A JSON body goes through escapeJsonNonAscii, which leaves the bodies
 * our dialects build (toAsciiJson) unchanged and turns any other non-ASCII character into the same
 * character written `\uXXXX`. Any other body must already be printable ASCII.
 */
export function curlBody(body: string): CurlBody {
  const json = parseJson(body)
  if (!json.ok) {
    if (!PRINTABLE_ASCII.test(body)) {
      throw new CurlUnsafeInputError('A non-JSON body must be printable ASCII to be written as a command.')
    }
    return { dataRaw: body, streams: false }
  }
  if (JSON_CONTROL_WHITESPACE.test(body)) {
    throw new CurlUnsafeInputError('The JSON body has line breaks or tabs; it must be compact JSON.')
  }
  const fields = isRecord(json.value) ? json.value : {}
  // The model name ends up in URLs, headers and logs of gateways and proxies: no line breaks there.
  if (typeof fields.model === 'string' && hasControlCharacter(fields.model)) {
    throw new CurlUnsafeInputError(
      'The model name contains a control character (CR, LF, NUL…); it is rejected.',
    )
  }
  return { dataRaw: escapeJsonNonAscii(body), streams: fields.stream === true }
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch {
    return { ok: false }
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
