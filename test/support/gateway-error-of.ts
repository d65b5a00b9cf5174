import { GatewayError } from '@shared/chat/errors'

/**
 * The GatewayError `action` throws (a decoder's 400, a refused header). Fails the test when the
 * action succeeds, naming what was `accepted`, and rethrows any other error: a TypeError is a bug,
 * not a refusal.
 */
export function gatewayErrorOf(action: () => unknown, accepted: string): GatewayError {
  try {
    action()
  } catch (error) {
    if (error instanceof GatewayError) return error
    throw error
  }
  throw new Error(`accepted: ${accepted}`)
}
