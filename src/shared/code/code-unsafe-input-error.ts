/** A request that cannot be written as SDK code faithfully (or safely): the message says why. */
export class CodeUnsafeInputError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'CodeUnsafeInputError'
  }
}
