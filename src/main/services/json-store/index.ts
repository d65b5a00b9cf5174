export {
  createJsonDirectoryStore,
  DEFAULT_MAX_DOCUMENT_BYTES,
  type JsonDirectoryStore,
} from './create-json-directory-store'

export { isValidDocumentId } from './document-id'
export { readJsonFile } from './read-json-file'
export { DocumentTooLargeError, writeJsonFileAtomic } from './write-json-file-atomic'
export { MAX_TEXT_FILE_BYTES } from './read-capped-text-file'
