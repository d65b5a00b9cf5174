import { CurlUnsafeInputError } from './curl-unsafe-input-error'

// C0 controls (CR, LF, NUL, TAB, ESC…), DEL and the C1 controls (U+0085 NEL among them).
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/
// RFC 9110 §5.6.2 token: what a header name may be. It also keeps out `@` (curl's `-H @file`).
const HEADER_NAME_TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/
const SHELL_VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/
// curl expands `{a,b}` and `[1-9]` in a URL into several requests unless told not to.
const CURL_GLOB_CHARACTER = /[[\]{}]/

export function hasControlCharacter(text: string): boolean {
  return CONTROL_CHARACTER.test(text)
}

export function assertShellVariableName(envVar: string): void {
  if (!SHELL_VARIABLE_NAME.test(envVar)) {
    throw new CurlUnsafeInputError('The environment variable name must match ^[A-Za-z_][A-Za-z0-9_]*$.')
  }
}

/**
 * The URL as fetch puts it on the wire. A control character is rejected, never dropped: the WHATWG
 * parser silently strips tabs and newlines, and a CR/LF reaching curl could split the request line.
 * Anything else is written as the WHATWG serialization (percent-encoded path and query, punycode
 * host), which is what fetch sends, so the command is printable ASCII and sends the same bytes.
 */
export function curlUrl(url: string): string {
  if (hasControlCharacter(url)) {
    throw new CurlUnsafeInputError('The URL contains a control character (CR, LF, NUL…); it is rejected.')
  }
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new CurlUnsafeInputError('The URL is not a valid absolute URL.')
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new CurlUnsafeInputError('Only http and https URLs can be written as curl commands.')
  }
  // Defense in depth: the serialization is ASCII by construction, and the command relies on it.
  if (!PRINTABLE_ASCII.test(parsed.href) || parsed.href.includes(' ')) {
    throw new CurlUnsafeInputError('The URL cannot be written as printable ASCII.')
  }
  return parsed.href
}

export function needsGlobOff(url: string): boolean {
  return CURL_GLOB_CHARACTER.test(url)
}

/**
 * The `-H` argument for one header. Control characters in a name or value are rejected (header
 * injection), and so is any other non-ASCII character: fetch would send Latin-1 bytes where curl
 * sends the UTF-8 of the command, and an invisible character does not belong in a pasted command.
 */
export function curlHeaderLine(name: string, value: string): string {
  if (!HEADER_NAME_TOKEN.test(name)) {
    throw new CurlUnsafeInputError("A header name is not an HTTP token (letters, digits, !#$%&'*+-.^_`|~).")
  }
  if (hasControlCharacter(value)) {
    throw new CurlUnsafeInputError(
      `The value of header ${name} contains a control character (CR, LF, NUL…); it is rejected.`,
    )
  }
  if (!PRINTABLE_ASCII.test(value)) {
    throw new CurlUnsafeInputError(`The value of header ${name} is not printable ASCII.`)
  }
  // fetch trims leading and trailing spaces from header values; send the same.
  const trimmed = value.replace(/^ +| +$/g, '')
  // curl quirk: `-H 'name:'` (nothing after the colon) REMOVES the header instead of sending it
  // empty; `-H 'name;'` is curl's spelling of an empty header.
  return trimmed === '' ? name + ';' : name + ': ' + trimmed
}
