import type { InvokeResult } from '@shared/ipc/contract'

/** The loopback host's answer shape: `{ ok: true, value }` or `{ ok: false, error: { code, message } }`. */
export function isEnvelope(body: unknown): body is InvokeResult<unknown> {
  if (typeof body !== 'object' || body === null || !('ok' in body)) return false
  if (body.ok === true) return true
  if (body.ok !== false || !('error' in body)) return false
  const error = body.error
  return (
    typeof error === 'object' &&
    error !== null &&
    'message' in error &&
    typeof error.message === 'string' &&
    'code' in error &&
    typeof error.code === 'string'
  )
}

export function failure(
  code: string,
  message: string,
): { ok: false; error: { code: string; message: string } } {
  return { ok: false, error: { code, message } }
}
