import { GatewayError, gatewayErrorKindFromStatus } from '@shared/chat/errors'
import { SIMULATE_HEADER } from '@shared/runs/simulate-header'

/**
 * The error a `status=` directive asks for, before any byte of the reply: its kind follows the status
 * (429 rate_limit, 529/503 overloaded, 5xx server_error, …) so each dialect encodes it in its own
 * terms, while the status itself is kept exactly.
 */
export function simulatedStatusError(status: number, retryAfterSeconds?: number): GatewayError {
  const kind = gatewayErrorKindFromStatus(status)
  return new GatewayError(
    kind,
    `Simulated error: the ${SIMULATE_HEADER} header asked for HTTP ${status} (${kind}); no model was run.`,
    { status, ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }) },
  )
}
