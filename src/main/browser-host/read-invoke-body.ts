import type { IncomingMessage } from 'node:http'
import { describeMediaType, readCappedJsonBody, type JsonBodyProblem } from '@node/http/read-capped-json-body'
import type { Refusal } from './refusal'

export type InvokeBody = { ok: true; input: unknown } | { ok: false; refusal: Refusal }

/**
 * Reads an invoke's JSON body (readCappedJsonBody: capped, strict UTF-8). Only `application/json` is
 * accepted: the content types a cross-site form or a "simple" fetch can send without a preflight
 * (form-urlencoded, multipart, text/plain) are refused whatever they contain. An empty body is the
 * input `undefined` (channels without input).
 */
export async function readInvokeBody(incoming: IncomingMessage, maxBytes: number): Promise<InvokeBody> {
  const body = await readCappedJsonBody(incoming, { maxBytes, acceptJsonSuffix: false })
  if (body.ok) return { ok: true, input: body.value }
  if (body.problem.kind === 'empty') return { ok: true, input: undefined }
  return { ok: false, refusal: refusalOf(body.problem, maxBytes) }
}

function refusalOf(problem: Exclude<JsonBodyProblem, { kind: 'empty' }>, maxBytes: number): Refusal {
  switch (problem.kind) {
    case 'unsupported_media_type':
      return {
        status: 415,
        code: 'unsupported_media_type',
        message: `Content-Type must be application/json (got ${describeMediaType(problem.mediaType)}).`,
      }
    case 'too_large':
      return {
        status: 413,
        code: 'payload_too_large',
        message: `The request body exceeds ${maxBytes} bytes.`,
      }
    case 'not_utf8':
      return { status: 400, code: 'invalid_json', message: 'The request body is not valid UTF-8.' }
    case 'not_json':
      return {
        status: 400,
        code: 'invalid_json',
        message: `The request body is not valid JSON: ${problem.detail}`,
      }
    case 'cut_off':
      return { status: 400, code: 'invalid_json', message: 'The request body was cut off before its end.' }
    default: {
      const unreachable: never = problem
      throw new Error(`unknown body problem ${JSON.stringify(unreachable)}`)
    }
  }
}
