import type { SdkLanguage } from '@shared/code'
import type { HttpRequest } from '@shared/http/http-request'
import type { LiveRun } from '@renderer/features/chat/runs/live-run'
import { buildHttp } from '@renderer/features/curl/next-request'
import { sdkCodeFor, type SdkCode } from '@renderer/features/curl/sdk-code-for'

/**
 * The HTTP request a reply was made with: built from the very request object that was handed to
 * main (not from the transcript, which now holds the reply too), through the same dialect build the
 * run registry used, the key as the renderer's placeholder.
 */
export function sentRequestHttp(
  sent: LiveRun['sent'],
  dialect: LiveRun['dialect'],
): { ok: true; http: HttpRequest } | { ok: false; message: string } {
  if (sent.baseUrl === undefined) {
    return { ok: false, message: 'The profile was not loaded yet when this was sent: no URL to write.' }
  }
  try {
    return {
      ok: true,
      http: buildHttp(sent.request, { dialect, baseUrl: sent.baseUrl, simulate: sent.simulate }).http,
    }
  } catch (error) {
    return { ok: false, message: `This request cannot be rebuilt: ${(error as Error).message}` }
  }
}

/** The request a reply was made with, as code with the SDK of its dialect. */
export function sentRequestCode(
  sent: LiveRun['sent'],
  dialect: LiveRun['dialect'],
  language: SdkLanguage,
): SdkCode {
  const built = sentRequestHttp(sent, dialect)
  return built.ok ? sdkCodeFor(language, dialect, built.http) : built
}
