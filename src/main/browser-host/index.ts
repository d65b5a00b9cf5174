export { createBrowserHost, type BrowserHost } from './create-browser-host'
