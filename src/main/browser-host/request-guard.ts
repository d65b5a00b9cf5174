import { accessTokensMatch } from './access-token'
import { allowedHostHeaders, allowedOrigins } from './loopback-origins'
import { NO_TOKEN_HINT, TOKEN_HEADER } from '@shared/ipc/browser-transport'
import type { Refusal } from './refusal'

export type RequestGuard = {
  /** Every request, static files included: the `Host` (and an absolute request target) must be ours. */
  checkHost(headers: Headers, url: string): Refusal | undefined
  /** Every /api request: same origin, then the token. */
  checkApiCaller(headers: Headers): Refusal | undefined
}

export function createRequestGuard(options: { port: number; token: string }): RequestGuard {
  const hosts = allowedHostHeaders(options.port)
  const origins = allowedOrigins(options.port)

  return {
    checkHost(headers, url) {
      const host = headers.get('host')?.toLowerCase()
      // An absolute-form request target (`GET http://evil.example/ HTTP/1.1`) overrides the Host header
      // for the URL the app sees, so both must name us.
      let urlHost: string | undefined
      try {
        urlHost = new URL(url).host.toLowerCase()
      } catch {
        urlHost = undefined
      }
      if (host === undefined || !hosts.has(host) || urlHost === undefined || !hosts.has(urlHost)) {
        return {
          status: 421,
          code: 'forbidden_host',
          message: `This server answers only to ${[...hosts].join(', ')}.`,
        }
      }
      return undefined
    },

    checkApiCaller(headers) {
      // Browsers send Origin on every POST and on cross-origin GETs; a client without one (curl, a
      // script) is no browser page, and still needs the token below.
      const origin = headers.get('origin')
      if (origin !== null && !origins.has(origin.toLowerCase())) {
        return {
          status: 403,
          code: 'forbidden_origin',
          message: 'Requests from other origins are refused.',
        }
      }
      // Sec-Fetch-Site is set by the browser itself and cannot be forged by a page: `same-site` (another
      // port on 127.0.0.1) and `cross-site` both mean a foreign page. `none` is the user typing the URL.
      const fetchSite = headers.get('sec-fetch-site')
      if (fetchSite !== null && fetchSite !== 'same-origin' && fetchSite !== 'none') {
        return {
          status: 403,
          code: 'forbidden_origin',
          message: 'Requests from other sites are refused.',
        }
      }
      const token = headers.get(TOKEN_HEADER)
      if (token === null || !accessTokensMatch(token, options.token)) {
        return {
          status: 401,
          code: 'unauthorized',
          message: `The access token is missing or out of date. ${NO_TOKEN_HINT}`,
        }
      }
      return undefined
    },
  }
}
