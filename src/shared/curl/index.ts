export { KEY_ENV_VAR, type CurlOptions } from './curl-options'
export { CurlUnsafeInputError } from './curl-unsafe-input-error'
export { toCurl } from './to-curl'
export { keyExportLine } from './key-export-line'
