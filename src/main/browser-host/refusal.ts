/** Why the host answers a request without running anything, as an HTTP status and an envelope error. */
export type Refusal = {
  status: 400 | 401 | 403 | 404 | 405 | 413 | 415 | 421 | 429
  code: string
  message: string
}

/**
 * The body of a refusal: the same envelope an invoke answers with, so the bridge shows the message
 * (e.g. how to get a fresh token) instead of a bare status code.
 */
export function refusalBody(refusal: Refusal): { ok: false; error: { code: string; message: string } } {
  return { ok: false, error: { code: refusal.code, message: refusal.message } }
}
