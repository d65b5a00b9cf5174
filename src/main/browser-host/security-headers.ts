/**
 * The page's CSP: no inline or remote script, no eval, network only to this host (all provider
 * traffic goes through main), never framed (clickjacking), no <base> or form tricks.
 */
const HTML_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'none'",
].join('; ')

/** On every response, static or API. There are never any Access-Control-* headers: no CORS at all. */
export const COMMON_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  // Other origins may not even embed our scripts or styles as no-cors subresources.
  'cross-origin-resource-policy': 'same-origin',
}

export const HTML_HEADERS: Readonly<Record<string, string>> = {
  ...COMMON_HEADERS,
  'content-security-policy': HTML_CONTENT_SECURITY_POLICY,
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  // The page is rebuilt on every `npm start`; a stale cached index.html would load missing assets.
  'cache-control': 'no-store',
}

export const API_HEADERS: Readonly<Record<string, string>> = {
  ...COMMON_HEADERS,
  'cache-control': 'no-store',
}
