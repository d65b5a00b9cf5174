/**
 * An error a service or handler throws on purpose, with a message meant for the user ("No conversation
 * abc"): the IPC layer returns it as `{ code, message }`. Anything else is a bug: its message is still
 * returned, but under the code `internal`.
 */
export class UserFacingError extends Error {
  readonly code: string
  constructor(code: string, message: string) {
    super(message)
    this.name = 'UserFacingError'
    this.code = code
  }
}
