export { createBrowserHost, type BrowserHost, type BrowserHostOptions } from './create-browser-host'
