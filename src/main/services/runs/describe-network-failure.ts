import { isLoopbackHost } from '@shared/http/loopback-host'

/**
 * Turns what fetch (undici) throws into a terminal state and one plain sentence for the user.
 *
 * undici wraps the cause: `TypeError: fetch failed` with `cause` = the system error
 * (`ECONNREFUSED`, `ENOTFOUND`, a TLS code…) or an undici error (`UND_ERR_SOCKET`,
 * `UND_ERR_CONNECT_TIMEOUT`, …); `localhost` tries several addresses and throws an AggregateError
 * whose `errors` carry the codes. Body reads fail with `TypeError: terminated` and the same causes.
 */

/** The run's redactor (identity where no key is involved). */
type Redact = (text: string) => string
const noRedaction: Redact = (text) => text

type FailureState = 'network_error' | 'timeout' | 'incomplete'

export type NetworkFailure = {
  state: FailureState
  message: string
  /** Worth sending again (before any response): refused, reset, DNS, unreachable, unknown. */
  retryable: boolean
  code?: string
}

const REFUSED = new Set(['ECONNREFUSED'])
const RESET = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED'])
const DNS = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NONAME', 'EAI_NODATA'])
const UNREACHABLE = new Set(['ENETUNREACH', 'EHOSTUNREACH', 'ENETDOWN', 'EHOSTDOWN', 'EADDRNOTAVAIL'])
const CONNECT_TIMEOUT = new Set(['UND_ERR_CONNECT_TIMEOUT', 'ETIMEDOUT'])
const TLS_PREFIXES = ['ERR_SSL_', 'ERR_TLS_', 'CERT_', 'ERR_OSSL_']
const TLS_CODES = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'ERR_TLS_CERT_ALTNAME_INVALID',
])

/** The first error code found in the error, its causes, or an AggregateError's members. */
export function errorCode(error: unknown, depth = 0): string | undefined {
  if (typeof error !== 'object' || error === null || depth > 5) return undefined
  const record = error as { code?: unknown; cause?: unknown; errors?: unknown }
  if (typeof record.code === 'string' && record.code !== '') return record.code
  const fromCause = errorCode(record.cause, depth + 1)
  if (fromCause !== undefined) return fromCause
  if (Array.isArray(record.errors)) {
    for (const inner of record.errors) {
      const code = errorCode(inner, depth + 1)
      if (code !== undefined) return code
    }
  }
  return undefined
}

/**
 * The innermost message, the most specific one ("other side closed" rather than "terminated"),
 * redacted BEFORE it is shortened: a cut through a key would let its first part through.
 */
function innermostMessage(error: unknown, redact: Redact): string {
  let current: unknown = error
  let message = error instanceof Error ? error.message : String(error)
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const cause: unknown = (current as { cause?: unknown }).cause
    if (cause instanceof Error && cause.message !== '') message = cause.message
    current = cause
  }
  // TLS errors carry OpenSSL's file/line noise after the reason; the first line is enough.
  const firstLine = redact(message.split('\n')[0] ?? message)
  return firstLine.length > 200 ? firstLine.slice(0, 200) + '…' : firstLine
}

/** `127.0.0.1:8787`, with the scheme's default port spelled out. */
export function hostLabel(url: string): string {
  try {
    const parsed = new URL(url)
    if (parsed.port !== '') return parsed.host
    return `${parsed.host}:${parsed.protocol === 'https:' ? 443 : 80}`
  } catch {
    return url
  }
}

function isLoopback(url: string): boolean {
  try {
    return isLoopbackHost(new URL(url).hostname)
  } catch {
    return false
  }
}

function isTls(code: string): boolean {
  return TLS_CODES.has(code) || TLS_PREFIXES.some((prefix) => code.startsWith(prefix))
}

/** What a rule of FETCH_FAILURES may say: the failure's place, its code, and (lazily) its cause. */
type FailureContext = { url: string; host: string; code: string; connectMs: number; detail: () => string }

type FailureRule = {
  matches: (code: string) => boolean
  state: FailureState
  retryable: boolean
  message: (context: FailureContext) => string
}

/** fetch's failures by code, the first rule that matches wins; anything else is "could not reach". */
const FETCH_FAILURES: FailureRule[] = [
  {
    matches: (code) => REFUSED.has(code),
    state: 'network_error',
    retryable: true,
    message: ({ url, host }) =>
      `Could not connect to ${host} (connection refused). ${isLoopback(url) ? 'Is the gateway running?' : 'Check the base URL and that the server is up.'}`,
  },
  {
    matches: (code) => DNS.has(code),
    state: 'network_error',
    retryable: true,
    message: ({ url, code }) =>
      `Could not find the server ${safeHostname(url)} (DNS lookup failed, ${code}). Check the base URL and your network connection.`,
  },
  {
    matches: (code) => UNREACHABLE.has(code),
    state: 'network_error',
    retryable: true,
    message: ({ host, code }) =>
      `Could not reach ${host} (network unreachable, ${code}). Check your network connection.`,
  },
  {
    // undici gives up connecting after 10 s by default, before our own connect timer.
    matches: (code) => CONNECT_TIMEOUT.has(code),
    state: 'timeout',
    retryable: false,
    message: ({ host, code, connectMs }) =>
      `Could not connect to ${host} in time (connect timeout, ${code}; limit ${seconds(connectMs)}). Check the base URL and your network connection.`,
  },
  {
    matches: (code) => code === 'UND_ERR_HEADERS_TIMEOUT',
    state: 'timeout',
    retryable: false,
    message: ({ host }) => `${host} accepted the request but sent no response headers in time.`,
  },
  {
    matches: isTls,
    state: 'network_error',
    retryable: false,
    message: ({ host, code, detail }) =>
      `The secure connection to ${host} failed (${code}: ${detail()}). Check that the base URL uses the right scheme (http or https) and that the server's certificate is valid.`,
  },
  {
    matches: (code) => code.startsWith('HPE_'),
    state: 'network_error',
    retryable: false,
    message: ({ host, code }) =>
      `The server at ${host} did not answer with valid HTTP (${code}). Check the base URL.`,
  },
  {
    matches: (code) => RESET.has(code),
    state: 'network_error',
    retryable: true,
    message: ({ host, code, detail }) =>
      `The connection to ${host} was closed before the server answered (${code}: ${detail()}).`,
  },
]

/** fetch rejected: no response at all. */
export function describeFetchFailure(
  error: unknown,
  url: string,
  connectMs: number,
  redact: Redact = noRedaction,
): NetworkFailure {
  const code = errorCode(error)
  const host = hostLabel(url)
  const withCode = code === undefined ? {} : { code }
  const detail = (): string => innermostMessage(error, redact)
  const rule = code === undefined ? undefined : FETCH_FAILURES.find((candidate) => candidate.matches(code))
  if (rule !== undefined && code !== undefined) {
    const message = rule.message({ url, host, code, connectMs, detail })
    return { state: rule.state, message, retryable: rule.retryable, ...withCode }
  }
  return {
    state: 'network_error',
    message: `Could not reach ${host}: ${detail()}.`,
    retryable: true,
    ...withCode,
  }
}

/**
 * The body failed after a 2xx response. A connection the server CLOSED (a FIN: undici's
 * `UND_ERR_SOCKET` "other side closed", no system error) is a stream that just stopped: it ends
 * `incomplete`, the way a clean EOF without the end marker does. A connection that was RESET
 * (`ECONNRESET`, `EPIPE`) or failed otherwise is a `network_error`. Both keep the text so far.
 */
export function describeStreamFailure(
  error: unknown,
  url: string,
  redact: Redact = noRedaction,
): NetworkFailure {
  const code = errorCode(error)
  const host = hostLabel(url)
  const withCode = code === undefined ? {} : { code }
  if (code === 'UND_ERR_SOCKET' && /other side closed/i.test(innermostMessage(error, redact))) {
    return {
      state: 'incomplete',
      message: `${host} closed the connection before the reply was finished; the text so far is kept.`,
      retryable: false,
      ...withCode,
    }
  }
  if (code === 'UND_ERR_BODY_TIMEOUT') {
    return {
      state: 'timeout',
      message: `${host} stopped sending in the middle of the reply; the text so far is kept.`,
      retryable: false,
      ...withCode,
    }
  }
  const reason =
    code === undefined ? innermostMessage(error, redact) : `${code}: ${innermostMessage(error, redact)}`
  return {
    state: 'network_error',
    message: `The connection to ${host} failed while the reply was arriving (${reason}); the text so far is kept.`,
    retryable: false,
    ...withCode,
  }
}

function safeHostname(url: string): string {
  try {
    return new URL(url).hostname
  } catch {
    return url
  }
}

export function seconds(ms: number): string {
  const value = ms / 1000
  return `${Number.isInteger(value) ? value : value.toFixed(1)} s`
}
