/**
 * A document id becomes a file name, so it is restricted to characters that cannot name another
 * folder (`/`, `\`, `..`), a device (`:`) or a hidden file: no path traversal by construction.
 */
const DOCUMENT_ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/

export class InvalidDocumentIdError extends Error {
  override readonly name = 'InvalidDocumentIdError'
  constructor(readonly id: unknown) {
    super(`Invalid document id ${JSON.stringify(String(id)).slice(0, 160)}: use 1 to 128 of A-Z a-z 0-9 _ -.`)
  }
}

export function isValidDocumentId(id: unknown): id is string {
  return typeof id === 'string' && DOCUMENT_ID_PATTERN.test(id)
}

export function assertValidDocumentId(id: unknown): asserts id is string {
  if (!isValidDocumentId(id)) throw new InvalidDocumentIdError(id)
}
