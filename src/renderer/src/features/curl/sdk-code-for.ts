import type { DialectId } from '@shared/chat/chat-request'
import { generateCode, SDK_GENERATORS, type SdkLanguage } from '@shared/code'
import type { HttpRequest } from '@shared/http/http-request'
import { CURL_KEY_PLACEHOLDER } from './curl-placeholder'

export type SdkCode =
  { ok: true; code: string; packageName: string; install: string } | { ok: false; message: string }

/**
 * The code that sends a built request with the SDK of its dialect, the key read from
 * `$MODEL_GATEWAY_API_KEY` (the request carries the renderer's placeholder, never a key). What
 * cannot be written faithfully is a message, as for the curl.
 */
export function sdkCodeFor(language: SdkLanguage, dialect: DialectId, http: HttpRequest): SdkCode {
  const { packageName, install } = SDK_GENERATORS[language][dialect]
  try {
    return {
      ok: true,
      code: generateCode(language, { dialect, http, secret: CURL_KEY_PLACEHOLDER }),
      packageName,
      install,
    }
  } catch (error) {
    return {
      ok: false,
      message: `This request cannot be written as ${packageName} code: ${(error as Error).message}`,
    }
  }
}
