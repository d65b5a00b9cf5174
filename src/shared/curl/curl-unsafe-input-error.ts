/**
 * A request that cannot be written as a safe curl command: a control character where it would split a
 * header or the URL, a non-http(s) URL, a body that would not survive a paste, a bad variable name.
 * Messages never repeat the offending value: it may be (or contain) the key.
 */
export class CurlUnsafeInputError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'CurlUnsafeInputError'
  }
}
