export { KEYCHAIN_FAILURE_REASONS, KeychainReadBackError } from './describe-keychain-failure'
export { keyLast4 } from './key-last4'
export type { KeytarModule } from './keytar-module'
export {
  createKeytarSecretStore,
  DEFAULT_KEYCHAIN_TIMEOUT_MS,
  type KeytarSecretStoreOptions,
} from './keytar-secret-store'
export { SECRET_SERVICE_NAME, type KeyStatus, type KeyStorage, type SecretStore } from './secret-store'
