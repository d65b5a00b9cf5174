/**
 * What stands in for the API key when the renderer builds a request to show it: the renderer never has
 * the key. `toCurl` replaces it with `$MODEL_GATEWAY_API_KEY` wherever it occurs, so it must be a
 * string no prompt will ever contain (a user typing it would see it turn into the variable): hence a
 * random part, fresh per page load.
 */
export const CURL_KEY_PLACEHOLDER = `sk-placeholder-${crypto.randomUUID()}`
