import type { DialectId } from '../chat/chat-request'
import { KEY_ENV_VAR } from '../curl/curl-options'
import { dialects } from '../dialects'
import type { HttpRequest } from '../http/http-request'
import { CodeUnsafeInputError } from './code-unsafe-input-error'

/** What every code generator is given: the exact request that is (or was) sent, and its dialect. */
export type CodeInput = {
  dialect: DialectId
  http: HttpRequest
  /** The key (or the placeholder standing for it) in `http`: it must never reach the code. */
  secret?: string
  /** Environment variable the code reads the key from; default KEY_ENV_VAR, as the curl does. */
  envVar?: string
}

/** The request as an official SDK client and its one `create` call express it. */
export type SdkCall = {
  dialect: DialectId
  /** The SDK client's base URL: the request's URL without the path the SDK appends itself. */
  baseUrl: string
  /** The JSON body, field for field: the argument of `create`. */
  body: Record<string, unknown>
  stream: boolean
  /** Headers the SDK does not send by itself (the gateway's `x-simulate`), for `defaultHeaders`. */
  extraHeaders: Record<string, string>
  envVar: string
}

// Both SDKs send these themselves: content type, the key (from `apiKey`, i.e. the environment
// variable) and, for Messages, the API version the SDK speaks. Forcing the app's `anthropic-version`
// on an SDK that parses a later version's replies could break it, and any later date is accepted.
const SENT_BY_SDK: Record<DialectId, ReadonlySet<string>> = {
  'openai-chat': new Set(['content-type', 'authorization']),
  'anthropic-messages': new Set(['content-type', 'x-api-key', 'authorization', 'anthropic-version']),
}

// Where each SDK puts the dialect's path: openai posts to `{baseURL}/chat/completions` (its base
// includes `/v1`); @anthropic-ai/sdk and `anthropic` post to `{baseURL}/v1/messages` (base without).
const SDK_PATH: Record<DialectId, string> = {
  'openai-chat': dialects['openai-chat'].path,
  'anthropic-messages': '/v1' + dialects['anthropic-messages'].path,
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/

/**
 * The SDK call that sends `input.http`: the same URL, the same body fields, the same extra headers.
 * Throws CodeUnsafeInputError for what an SDK cannot send as is (a URL the SDK would change, a body
 * that is not a JSON object).
 */
export function toSdkCall(input: CodeInput): SdkCall {
  const { dialect, http } = input
  const envVar = input.envVar ?? KEY_ENV_VAR
  // It is written as `process.env.NAME` and `os.environ["NAME"]`: a plain name, like the shell's.
  if (!IDENTIFIER.test(envVar)) {
    throw new CodeUnsafeInputError('The environment variable name must match ^[A-Za-z_][A-Za-z0-9_]*$.')
  }
  if (http.method !== 'POST' || http.body === undefined) {
    throw new CodeUnsafeInputError(
      'Only a chat request (a POST with a JSON body) can be written as SDK code.',
    )
  }
  const body = parseObject(http.body)
  const extraHeaders = Object.fromEntries(
    Object.entries(http.headers).filter(([name]) => !SENT_BY_SDK[dialect].has(name.toLowerCase())),
  )
  return {
    dialect,
    baseUrl: sdkBaseUrl(http.url, SDK_PATH[dialect]),
    body,
    stream: body['stream'] === true,
    extraHeaders,
    envVar,
  }
}

function sdkBaseUrl(url: string, sdkPath: string): string {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new CodeUnsafeInputError('The URL is not a valid absolute URL.')
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new CodeUnsafeInputError('Only http and https URLs can be written as SDK code.')
  }
  // The SDKs build the URL from the base and their own path: a query or fragment would be lost.
  if (parsed.search !== '' || parsed.hash !== '') {
    throw new CodeUnsafeInputError('The URL has a query or a fragment, which the SDK clients would not send.')
  }
  if (!parsed.pathname.endsWith(sdkPath)) {
    throw new CodeUnsafeInputError(
      `The SDK clients call {baseURL}${sdkPath}, and this request goes to ${parsed.pathname}: ` +
        'no base URL makes them send it there (the curl does).',
    )
  }
  return parsed.href.slice(0, parsed.href.length - sdkPath.length)
}

function parseObject(body: string): Record<string, unknown> {
  let value: unknown
  try {
    value = JSON.parse(body)
  } catch {
    throw new CodeUnsafeInputError('The body is not JSON, so it is no SDK call.')
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new CodeUnsafeInputError('The body is not a JSON object, so it is no SDK call.')
  }
  return value as Record<string, unknown>
}

/** Fail closed, like the curl: a key must never be shown by accident, even where nobody expects it. */
export function assertNoSecret(code: string, secret: string | undefined): string {
  if (secret && code.includes(secret)) {
    throw new CodeUnsafeInputError('The key would appear in the code; refusing to write it.')
  }
  return code
}
