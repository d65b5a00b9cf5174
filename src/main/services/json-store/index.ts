export {
  createJsonDirectoryStore,
  InvalidDocumentError,
  type JsonDirectoryStore,
  type JsonDirectoryStoreOptions,
} from './create-json-directory-store'
export type { DocumentSchema } from './document-schema'
export { DOCUMENT_ID_PATTERN, InvalidDocumentIdError, isValidDocumentId } from './document-id'
export { readJsonFile, type ReadJsonFileResult } from './read-json-file'
export { writeJsonFileAtomic } from './write-json-file-atomic'
