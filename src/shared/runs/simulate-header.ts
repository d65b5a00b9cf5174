import type { HttpRequest } from '../http/http-request'

/** The local gateway's fault-injection header (docs/gateway.md): `status=429`, `midstream-error`… */
export const SIMULATE_HEADER = 'x-simulate'

/**
 * The request with the local gateway's fault injection added. The run registry sends exactly this and
 * the curl panel shows exactly this, so a simulated 429 is reproducible from the copied command.
 */
export function withSimulateHeader(http: HttpRequest, simulate: string | undefined): HttpRequest {
  if (simulate === undefined || simulate.trim() === '') return http
  return { ...http, headers: { ...http.headers, [SIMULATE_HEADER]: simulate.trim() } }
}
