import type { KeyStatus, SecretStore } from '@main/services/secret-store/secret-store'

/**
 * A SecretStore in a Map, for tests that need keys but not a keychain: the status reads as the
 * app's session-only fallback does (`storage: 'session'`, last four characters of the key).
 */
export function memorySecrets(): SecretStore {
  const keys = new Map<string, string>()
  const status = (account: string): KeyStatus => {
    const key = keys.get(account)
    return { hasKey: key !== undefined, storage: 'session', last4: key ? key.slice(-4) : null }
  }
  return {
    get: async (account) => keys.get(account) ?? null,
    set: async (account, secret) => (keys.set(account, secret), status(account)),
    delete: async (account) => (keys.delete(account), status(account)),
    status: async (account) => status(account),
  }
}
