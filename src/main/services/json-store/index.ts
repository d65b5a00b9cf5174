export {
  createJsonDirectoryStore,
  DEFAULT_MAX_DOCUMENT_BYTES,
  InvalidDocumentError,
  type JsonDirectoryStore,
  type JsonDirectoryStoreOptions,
} from './create-json-directory-store'
export type { DocumentSchema } from './document-schema'
export { DOCUMENT_ID_PATTERN, InvalidDocumentIdError, isValidDocumentId } from './document-id'
export { readJsonFile, type ReadJsonFileResult } from './read-json-file'
export { DocumentTooLargeError, writeJsonFileAtomic } from './write-json-file-atomic'
export { MAX_TEXT_FILE_BYTES } from './read-capped-text-file'
