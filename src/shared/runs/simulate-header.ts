import type { GatewayError } from '../chat/errors'
import { invalidParamError } from '../chat/errors'
import type { HttpRequest } from '../http/http-request'
import { withHeaders } from '../http/json-request-body'

/**
 * The local gateway's fault injection, both ends: the app adds the header to a request (and to the
 * curl command it shows), the gateway's simulator parses it. Header name, directive names, limits
 * and syntax live here only, so what the app can send is what the gateway understands.
 */

/** The fault-injection request header (docs/gateway.md; `npm run gateway -- --help` lists the directives). */
export const SIMULATE_HEADER = 'x-simulate'

/**
 * The request with the local gateway's fault injection added. The run registry sends exactly this and
 * the curl panel shows exactly this, so a simulated 429 is reproducible from the copied command.
 */
export function withSimulateHeader(http: HttpRequest, simulate: string | undefined): HttpRequest {
  if (simulate === undefined || simulate.trim() === '') return http
  return withHeaders(http, { ...http.headers, [SIMULATE_HEADER]: simulate.trim() })
}

/** What an `x-simulate` header asks for; everything optional, nothing asked means a normal reply. */
export type SimulateDirectives = {
  /** Answer with this HTTP error (400–599) before streaming anything. */
  status?: number
  /** With `status`: the `retry-after` header, in seconds. */
  retryAfterSeconds?: number
  /** After a few tokens, an in-band `overloaded` error part ends the stream. */
  midstreamError: boolean
  /** Cut the connection after this many content parts (text or tool-argument deltas). */
  dropAfter?: number
  /** Overrides the configured time to first token. */
  ttftMs?: number
  /** Overrides the configured speed. */
  tokensPerSecond?: number
  /** Keeps the gateway's thread busy (CPU, not a timer) this long before answering. */
  busyMs?: number
}

/** Every directive the header knows, in the order the help and the refusal of an unknown one list them. */
const SIMULATE_DIRECTIVES = [
  'status',
  'retry-after',
  'midstream-error',
  'drop-after',
  'ttft-ms',
  'tokens-per-second',
  'busy-ms',
] as const

const MAX_RETRY_AFTER_SECONDS = 86_400
const MAX_TTFT_MS = 600_000
const MAX_TOKENS_PER_SECOND = 1_000_000
/** Long enough to see every other request stall behind it, short enough not to look like a hang. */
export const MAX_BUSY_MS = 10_000

/**
 * Parses `x-simulate: status=429, retry-after=2` (directives separated by commas or semicolons,
 * `key=value` or a bare flag, keys case-insensitive). An absent or empty header asks for nothing.
 * Anything unknown, repeated or out of range is refused with a 400 naming the header: a typo in a
 * test header must not silently turn into a normal reply.
 */
export function parseSimulateHeader(value: string | undefined): SimulateDirectives {
  const directives: SimulateDirectives = { midstreamError: false }
  if (value === undefined) return directives
  const seen = new Set<string>()
  for (const item of value.split(/[,;]/)) {
    const trimmed = item.trim()
    if (trimmed === '') continue
    const equals = trimmed.indexOf('=')
    const key = (equals === -1 ? trimmed : trimmed.slice(0, equals)).trim().toLowerCase()
    const raw = equals === -1 ? undefined : trimmed.slice(equals + 1).trim()
    if (seen.has(key)) throw invalid(`"${key}" is given more than once.`)
    seen.add(key)
    switch (key) {
      case 'status': {
        const status = integerValue(key, raw, 400, 599, 'an HTTP error status from 400 to 599')
        directives.status = status
        break
      }
      case 'retry-after':
        directives.retryAfterSeconds = integerValue(key, raw, 0, MAX_RETRY_AFTER_SECONDS, 'whole seconds')
        break
      case 'midstream-error':
        if (raw !== undefined) throw invalid('"midstream-error" is a flag and takes no value.')
        directives.midstreamError = true
        break
      case 'drop-after':
        directives.dropAfter = integerValue(
          key,
          raw,
          1,
          Number.MAX_SAFE_INTEGER,
          'a number of content parts (1 or more)',
        )
        break
      case 'ttft-ms':
        directives.ttftMs = integerValue(key, raw, 0, MAX_TTFT_MS, `milliseconds from 0 to ${MAX_TTFT_MS}`)
        break
      case 'tokens-per-second': {
        if (
          raw === undefined ||
          !/^\d+(\.\d+)?$/.test(raw) ||
          Number(raw) <= 0 ||
          Number(raw) > MAX_TOKENS_PER_SECOND
        ) {
          throw invalid(`"tokens-per-second" must be a number above 0 and at most ${MAX_TOKENS_PER_SECOND}.`)
        }
        directives.tokensPerSecond = Number(raw)
        break
      }
      case 'busy-ms':
        directives.busyMs = integerValue(key, raw, 1, MAX_BUSY_MS, `milliseconds from 1 to ${MAX_BUSY_MS}`)
        break
      default:
        throw invalid(`unknown directive "${key.slice(0, 40)}"; known: ${SIMULATE_DIRECTIVES.join(', ')}.`)
    }
  }
  if (directives.retryAfterSeconds !== undefined && directives.status === undefined) {
    throw invalid('"retry-after" only applies together with "status".')
  }
  return directives
}

function integerValue(
  key: string,
  raw: string | undefined,
  min: number,
  max: number,
  expected: string,
): number {
  if (raw === undefined || !/^\d+$/.test(raw)) throw invalid(`"${key}" must be ${expected}.`)
  const value = Number(raw)
  if (value < min || value > max) throw invalid(`"${key}" must be ${expected}.`)
  return value
}

function invalid(detail: string): GatewayError {
  return invalidParamError(SIMULATE_HEADER, detail)
}
