import type { ServerResponse } from 'node:http'
import type { ChatResult } from '@shared/chat/chat-result'
import { GatewayError, gatewayErrorKindFromStatus } from '@shared/chat/errors'
import { createStreamAccumulator, reduceStreamPart } from '@shared/chat/reduce-stream-part'
import type { EngineReply } from '../engines/engine'

/**
 * A non-streaming reply: the engine's parts reduced to one completed result. An error the engine
 * reported, or a reply that ended before completing, is thrown as a GatewayError (the client gets an
 * HTTP error). With `drop-after`, the connection is destroyed mid-way and the result is undefined.
 */
export async function collectWholeReply(
  reply: EngineReply,
  res: ServerResponse,
): Promise<ChatResult | undefined> {
  const accumulator = createStreamAccumulator()
  let contentParts = 0
  for await (const batch of reply.batches) {
    for (const part of batch) {
      reduceStreamPart(accumulator, part)
      if (
        reply.dropAfterParts !== undefined &&
        (part.type === 'text-delta' || part.type === 'tool-call-delta') &&
        ++contentParts >= reply.dropAfterParts
      ) {
        // A non-streaming reply cut mid-way: the connection dies with no response at all.
        res.destroy()
        return undefined
      }
    }
  }
  const result = accumulator.result
  if (result.status === 'provider_error' && result.error) {
    const kind = result.error.kind ?? gatewayErrorKindFromStatus(result.error.status ?? 500)
    throw new GatewayError(kind, result.error.message, {
      ...(result.error.status === undefined ? {} : { status: result.error.status }),
    })
  }
  if (result.status !== 'completed') {
    throw new GatewayError('server_error', 'The engine ended its reply before completing it.')
  }
  return result
}
