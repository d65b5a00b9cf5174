/**
 * Browser mode's wire: what the loopback host (src/main/browser-host) and the page's bridge
 * (src/renderer/src/lib/browser-bridge.ts) must agree on, written once so neither can drift.
 */

/** The custom header that carries the token: a cross-site page cannot set it without a CORS preflight. */
export const TOKEN_HEADER = 'x-playground-token'

/** The URL fragment parameter that hands the token to the page (`http://127.0.0.1:<port>/#token=…`). */
export const TOKEN_FRAGMENT_PARAM = 'token'

/** What a user without a (current) token is told to do, by the host's 401 and by the page itself. */
export const NO_TOKEN_HINT = 'Open the URL printed by `npm start`, it carries the access token.'

/** `POST <prefix><channel>` is `ipcRenderer.invoke(channel)` (the channel URL-encoded). */
export const INVOKE_PATH_PREFIX = '/api/invoke/'

/** `GET` opens the one event stream that carries every `webContents.send`. */
export const EVENTS_PATH = '/api/events'
