import type { IncomingMessage } from 'node:http'
import { GatewayError } from '@shared/chat/errors'
import type { ChatBodyMemo } from './chat-body-memo'
import { describeMediaType, readCappedJsonBody, type JsonBodyProblem } from '@node/http/read-capped-json-body'

/**
 * A chat or count-tokens request's JSON body (readCappedJsonBody: capped, strict UTF-8), or the
 * GatewayError the route answers with in the client's dialect. `memo`: the recent chat bodies, for one
 * that begins like them (chat-body-memo.ts).
 */
export async function readJsonBody(
  incoming: IncomingMessage,
  maxBytes: number,
  memo?: ChatBodyMemo,
): Promise<unknown> {
  const body = await readCappedJsonBody(incoming, {
    maxBytes,
    acceptJsonSuffix: true,
    ...(memo === undefined ? {} : { memo }),
  })
  if (body.ok) return body.value
  throw gatewayErrorOf(body.problem, maxBytes)
}

function gatewayErrorOf(problem: JsonBodyProblem, maxBytes: number): GatewayError {
  switch (problem.kind) {
    case 'unsupported_media_type':
      return new GatewayError(
        'unsupported_media_type',
        `Content-Type must be application/json (got ${describeMediaType(problem.mediaType)}).`,
      )
    case 'too_large':
      return new GatewayError('request_too_large', `The request body exceeds the limit of ${maxBytes} bytes.`)
    case 'empty':
      return new GatewayError('invalid_request', 'The request body is empty; a JSON object is required.')
    case 'not_utf8':
      return new GatewayError('invalid_request', 'The request body is not valid UTF-8.')
    case 'not_json':
      return new GatewayError('invalid_request', `The request body is not valid JSON: ${problem.detail}`)
    case 'cut_off':
      return new GatewayError('invalid_request', 'The request body was cut off before its end.')
    default: {
      const unreachable: never = problem
      throw new Error(`unknown body problem ${JSON.stringify(unreachable)}`)
    }
  }
}
