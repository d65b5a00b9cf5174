import type { HttpRequest } from './http-request'
import { toAsciiJson, toAsciiJsonPieces } from './json-ascii'

/**
 * Request bodies of JSON (every dialect's), written only as far as they are read.
 *
 * - The text (`body`) is written when first read and then kept. A dialect's adjustments are known
 *   before the body is written, and the parameters panel's translation preview reads only those: for a
 *   1M-token conversation that skips serializing and escaping the whole transcript per pane on each
 *   pause in typing. Curl and the code views read the body as before.
 * - Sending reads the bytes (`requestBodyBytes`), written straight from the body's pieces (the
 *   remembered literals of its turns and what is between them), and the inspector reads its head and
 *   length: the string of a pane's whole body is then never made. Made, then copied into bytes, it
 *   was enough garbage per long send to start a major collection of main while the requests were on
 *   their way (performance.md S1).
 *
 * A request copied with `withHeaders` keeps this; one copied with a spread reads the text (a spread
 * calls the getter), which is right but loses the saving.
 */
type JsonBody = {
  pieces(): readonly string[]
  text(): string
}

const jsonBodies = new WeakMap<HttpRequest, JsonBody>()
const utf8 = new TextEncoder()

/** A request whose body is `toAsciiJson(body)`, written when read (see above). */
export function withJsonBody(head: Omit<HttpRequest, 'body'>, body: unknown): HttpRequest {
  let text: string | undefined
  let pieces: readonly string[] | undefined
  return requestWith(head, head.headers, {
    pieces: () => (pieces ??= text === undefined ? toAsciiJsonPieces(body) : [text]),
    text: () => (text ??= pieces === undefined ? toAsciiJson(body) : pieces.join('')),
  })
}

function requestWith(
  head: Omit<HttpRequest, 'body' | 'headers'>,
  headers: Record<string, string>,
  json: JsonBody,
): HttpRequest {
  const request: HttpRequest = {
    method: head.method,
    url: head.url,
    headers,
    get body() {
      return json.text()
    },
  }
  jsonBodies.set(request, json)
  return request
}

/** `http` with other headers, its body as it is (a JSON body still unwritten stays so). */
export function withHeaders(http: HttpRequest, headers: Record<string, string>): HttpRequest {
  const json = jsonBodies.get(http)
  if (json === undefined) return { ...http, headers }
  return requestWith(http, headers, json)
}

/** The body's length in characters, without writing a JSON body's text. */
export function requestBodyLength(http: HttpRequest): number | undefined {
  const json = jsonBodies.get(http)
  return json === undefined ? http.body?.length : charsOf(json.pieces())
}

function charsOf(pieces: readonly string[]): number {
  let chars = 0
  for (const piece of pieces) chars += piece.length
  return chars
}

/** The body's first `chars` characters, without writing a JSON body's whole text. */
export function requestBodyHead(http: HttpRequest, chars: number): string | undefined {
  const json = jsonBodies.get(http)
  if (json === undefined) return http.body?.slice(0, chars)
  let head = ''
  for (const piece of json.pieces()) {
    if (head.length >= chars) break
    head += piece.length > chars - head.length ? piece.slice(0, chars - head.length) : piece
  }
  return head
}

/** The body as UTF-8, as it goes on the wire; a JSON body is written from its pieces, never one string. */
export function requestBodyBytes(http: HttpRequest): Uint8Array | undefined {
  const json = jsonBodies.get(http)
  if (json === undefined) return http.body === undefined ? undefined : utf8.encode(http.body)
  const pieces = json.pieces()
  // The pieces are printable ASCII (toAsciiJson escapes everything else): a byte per character.
  const bytes = new Uint8Array(charsOf(pieces))
  let at = 0
  for (const piece of pieces) {
    const { read, written } = utf8.encodeInto(piece, bytes.subarray(at))
    // Not ASCII after all (it did not fit): the exact encoding of the whole text instead.
    if (read !== piece.length) return utf8.encode(pieces.join(''))
    at += written
  }
  return bytes
}
