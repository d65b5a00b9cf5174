import type { ChatRequest, DialectId } from '@shared/chat/chat-request'
import { toCurl } from '@shared/curl'
import { dialects } from '@shared/dialects'
import type { BuiltRequest } from '@shared/dialects/dialect'
import type { Conversation, Pane } from '@shared/history/conversation'
import type { HttpRequest } from '@shared/http/http-request'
import { withSimulateHeader } from '@shared/runs/simulate-header'
import { paneRequest, type ComposerDraft } from '@shared/history/pane-request'
import { CURL_KEY_PLACEHOLDER } from './curl-placeholder'

/** Everything the next send of a pane depends on (and nothing else, so it can be memoized on it). */
export type NextRequestInputs = {
  conversation: Conversation
  composer: ComposerDraft
  baseUrl: string
  /** The local gateway's fault injection (`x-simulate`); '' for none, and always '' for a remote profile. */
  simulate: string
}

export type NextRequest =
  | { ok: true; pane: Pane; request: ChatRequest; built: BuiltRequest; http: HttpRequest; simulate: string }
  | { ok: false; pane: Pane; message: string }

/** Where a canonical request goes and how: what the run registry is given besides the request. */
export type RequestTarget = { dialect: DialectId; baseUrl: string; simulate: string }

/**
 * A canonical request as HTTP, built exactly as the run registry builds it: the dialect's
 * `buildRequest`, the same fault-injection header. Only the key differs: a placeholder, since the
 * renderer never holds one. Throws what the dialect throws.
 */
export function buildHttp(
  request: ChatRequest,
  target: RequestTarget,
): { built: BuiltRequest; http: HttpRequest } {
  const built = dialects[target.dialect].buildRequest(request, {
    baseUrl: target.baseUrl,
    apiKey: CURL_KEY_PLACEHOLDER,
  })
  return { built, http: withSimulateHeader(built.http, target.simulate) }
}

/**
 * The request the next send of `pane` makes: the same `paneRequest` sending uses, built by `buildHttp`.
 */
export function buildNextRequest(inputs: NextRequestInputs, pane: Pane): NextRequest {
  try {
    const request = paneRequest(inputs.conversation, pane, inputs.composer)
    const { built, http } = buildHttp(request, {
      dialect: pane.dialect,
      baseUrl: inputs.baseUrl,
      simulate: inputs.simulate,
    })
    return { ok: true, pane, request, built, http, simulate: inputs.simulate }
  } catch (error) {
    return { ok: false, pane, message: `This request cannot be built: ${(error as Error).message}` }
  }
}

export type CurlCommand =
  { ok: true; command: string; commandBytes: number; bodyBytes: number } | { ok: false; message: string }

const utf8 = new TextEncoder()

/** The command for a built request, the key as `$MODEL_GATEWAY_API_KEY`; unsafe input is a message. */
export function curlCommandFor(http: HttpRequest): CurlCommand {
  try {
    const command = toCurl(http, { secret: CURL_KEY_PLACEHOLDER })
    return {
      ok: true,
      command,
      commandBytes: utf8.encode(command).length,
      bodyBytes: http.body === undefined ? 0 : utf8.encode(http.body).length,
    }
  } catch (error) {
    return {
      ok: false,
      message: `This request cannot be written as a safe curl command: ${(error as Error).message}`,
    }
  }
}

/**
 * The same command with the body in a here-document on curl's stdin (`--data @- <<'…'`): the form to
 * use when the body is over one argument's 128 KiB limit. Undefined when it cannot be written safely.
 */
export function curlHereDocumentCommandFor(http: HttpRequest): string | undefined {
  try {
    return toCurl(http, { secret: CURL_KEY_PLACEHOLDER, bodyFrom: 'stdin' })
  } catch {
    return undefined
  }
}
