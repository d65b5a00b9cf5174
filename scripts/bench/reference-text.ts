// The text a streamed reply must have, fetched again WITHOUT streaming from a gateway of our own with
// the same config. The simulator is deterministic (the same request gives the same text, streaming or
// not: `stream` is not part of its seed), so this is an independent source of the exact bytes.
import { dialects } from '@shared/dialects'
import type { Conversation, Pane } from '@shared/history/conversation'
import { resolveGatewayConfig, type GatewayConfigInput } from '@gateway/gateway-config'
import { startGateway } from '@gateway/start-gateway'
import { paneRequest } from '@shared/history/pane-request'

/**
 * The reply text of each pane's last turn: the pane's request rebuilt from the saved conversation
 * without its last (streamed) reply, exactly as the renderer builds it, sent with `stream: false`.
 */
export async function referenceReplies(
  conversation: Conversation,
  gatewayConfig: GatewayConfigInput,
): Promise<string[]> {
  const apiKey = 'sk-bench-reference'
  const gateway = await startGateway({
    apiKey,
    port: 0,
    config: resolveGatewayConfig(gatewayConfig),
    env: {},
  })
  try {
    const texts: string[] = []
    for (const pane of conversation.panes) {
      const before: Pane = { ...pane, messages: pane.messages.slice(0, -1) }
      const request = { ...paneRequest(conversation, before), stream: false }
      const { http } = dialects[pane.dialect].buildRequest(request, { baseUrl: gateway.baseUrl, apiKey })
      const response = await fetch(http.url, { method: http.method, headers: http.headers, body: http.body })
      const json: unknown = await response.json()
      if (!response.ok)
        throw new Error(`reference request failed: ${response.status} ${JSON.stringify(json)}`)
      const result = dialects[pane.dialect].parseResponse(json)
      texts.push(result.content.map((part) => (part.type === 'text' ? part.text : '')).join(''))
    }
    return texts
  } finally {
    await gateway.close()
  }
}
