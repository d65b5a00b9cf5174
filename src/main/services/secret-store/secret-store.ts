/** Where a key lives: the OS keychain, or (when none is reachable) main-process memory for this run. */
type KeyStorage = 'keychain' | 'session'

/**
 * Everything about a key that may leave the store: the renderer shows this and nothing else.
 * `reason` is set when `storage` is `session`: a plain-language cause the user can act on.
 */
export type KeyStatus = { hasKey: boolean; storage: KeyStorage; last4: string | null; reason?: string }

export interface SecretStore {
  get(account: string): Promise<string | null>
  set(account: string, secret: string): Promise<KeyStatus>
  delete(account: string): Promise<KeyStatus>
  status(account: string): Promise<KeyStatus>
}

/** The one name the app stores its keys under; the account is the profile id. */
export const SECRET_SERVICE_NAME = 'model-gateway-playground'
