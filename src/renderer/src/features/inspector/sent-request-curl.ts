import { KEY_ENV_VAR } from '@shared/curl'
import type { LiveRun } from '@renderer/features/chat/runs-slice'
import { buildHttp, curlCommandFor, type CurlCommand } from '@renderer/features/curl/next-request'

/**
 * The curl command of the request a reply was made with: built from the very request object that was
 * handed to main (not from the transcript, which now holds the reply too), through the same dialect
 * build the run registry used, with the key as `$MODEL_GATEWAY_API_KEY`.
 */
export function sentRequestCurl(sent: LiveRun['sent'], dialect: LiveRun['dialect']): CurlCommand {
  if (sent.baseUrl === undefined) {
    return { ok: false, message: 'The profile was not loaded yet when this was sent: no URL to write.' }
  }
  try {
    const { http } = buildHttp(sent.request, { dialect, baseUrl: sent.baseUrl, simulate: sent.simulate })
    return curlCommandFor(http)
  } catch (error) {
    return { ok: false, message: `This request cannot be written as curl: ${(error as Error).message}` }
  }
}

export const SENT_CURL_HINT = `The request this reply was made with, the key as $${KEY_ENV_VAR}.`
