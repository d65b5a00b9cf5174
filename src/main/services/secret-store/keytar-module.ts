/** The part of keytar's API the store uses; a fake with the same shape stands in for it in tests. */
export type KeytarModule = {
  getPassword(service: string, account: string): Promise<string | null>
  setPassword(service: string, account: string, password: string): Promise<void>
  deletePassword(service: string, account: string): Promise<boolean>
}

/**
 * Loads the native keytar binding on demand. A dynamic import, never a static one: on a machine
 * without libsecret the binding fails to load, and the app must still start (and fall back to a
 * session-only key) instead of crashing at import time.
 */
export async function loadKeytarModule(): Promise<KeytarModule> {
  // keytar is CommonJS: depending on the loader its functions sit on the namespace or on `default`.
  const imported = (await import('keytar')) as KeytarModule & { default?: KeytarModule }
  return imported.default ?? imported
}
