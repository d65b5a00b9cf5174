export { createKeytarSecretStore } from './keytar-secret-store'
export { type SecretStore } from './secret-store'
