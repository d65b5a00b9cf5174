/**
 * The exact request that goes on the wire. Curl is generated from this very object, so what a user
 * copies is what was sent: the body is the final string, not an object to be serialized again.
 */
export type HttpRequest = {
  method: 'GET' | 'POST'
  url: string
  /** Header names in lower case; insertion order is kept for display and for curl. */
  headers: Record<string, string>
  body?: string
}

/** Where a request goes and with which key. The key never leaves main or the gateway process. */
export type Target = {
  /** Base URL including the version path, e.g. `http://127.0.0.1:8787/v1`; no trailing slash needed. */
  baseUrl: string
  apiKey: string
}

/** Join a base URL and a dialect path without doubling or dropping the slash. */
export function joinUrl(baseUrl: string, path: string): string {
  return baseUrl.replace(/\/+$/, '') + '/' + path.replace(/^\/+/, '')
}
