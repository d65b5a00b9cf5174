export { createBrowserHost, type BrowserHost, type BrowserHostOptions } from './create-browser-host'
export { NO_TOKEN_HINT, TOKEN_HEADER } from './request-guard'
