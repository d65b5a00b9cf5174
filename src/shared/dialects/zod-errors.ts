import type { ZodError } from 'zod'
import { GatewayError } from '../chat/errors'

/** `messages.0.content` — the path syntax both official APIs use in their 400 messages. */
function formatIssuePath(path: ReadonlyArray<PropertyKey>): string {
  return path.map((segment) => String(segment)).join('.')
}

/**
 * The first zod issue of a strict decoder as the dialect-native 400: the message names the field
 * (`temperature: Number must be less than or equal to 2`), and `param` carries it for clients.
 */
export function gatewayErrorFromZod(error: ZodError): GatewayError {
  const issue = error.issues[0]
  if (issue === undefined) return new GatewayError('invalid_request', 'Invalid request body.')
  let path = [...issue.path]
  let detail = issue.message
  // Unknown keys are reported on the parent with the key names in `keys`: name the key itself.
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys[0]
    if (key !== undefined) path = [...path, key]
    detail = 'Unrecognized field; this gateway does not accept it.'
  }
  const param = formatIssuePath(path)
  return new GatewayError('invalid_request', param === '' ? detail : `${param}: ${detail}`, {
    ...(param === '' ? {} : { param }),
  })
}
