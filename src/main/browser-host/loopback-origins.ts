/**
 * The only names a page may use to reach the browser-mode host. Anything else in a `Host` header means
 * the request was addressed to another name that resolves here: DNS rebinding (Jupyter, Ollama
 * CVE-2024-28224, MCP Inspector CVE-2025-49596), so it is refused before anything runs.
 */
const LOOPBACK_HOST_NAMES = ['127.0.0.1', 'localhost', '[::1]'] as const

/** `127.0.0.1:<port>`, `localhost:<port>`, `[::1]:<port>`, lower case, as a `Host` header carries them. */
export function allowedHostHeaders(port: number): ReadonlySet<string> {
  return new Set(LOOPBACK_HOST_NAMES.map((name) => `${name}:${port}`))
}

/** The origins our own page can have: `http://` plus one of the allowed hosts. */
export function allowedOrigins(port: number): ReadonlySet<string> {
  return new Set(LOOPBACK_HOST_NAMES.map((name) => `http://${name}:${port}`))
}
