import { KEY_ENV_VAR } from '@shared/curl'
import type { LiveRun } from '@renderer/features/chat/runs/live-run'
import { curlCommandFor, type CurlCommand } from '@renderer/features/curl/next-request'
import { sentRequestHttp } from './sent-request-code'

/** The curl command of the request a reply was made with (sentRequestHttp), the key as `$MODEL_GATEWAY_API_KEY`. */
export function sentRequestCurl(sent: LiveRun['sent'], dialect: LiveRun['dialect']): CurlCommand {
  const built = sentRequestHttp(sent, dialect)
  return built.ok ? curlCommandFor(built.http) : built
}

export const SENT_CURL_HINT = `The request this reply was made with, the key as $${KEY_ENV_VAR}.`
