import { KeychainReadBackError } from './describe-keychain-failure'
import type { KeytarModule } from './keytar-module'
import { withTimeout } from './with-timeout'

/** The OS keychain for one service name, through keytar. Every call throws when it is out of reach. */
export type Keychain = {
  get(account: string): Promise<string | null>
  /** Writes, then reads back: resolves only when the keychain really holds `secret`. */
  setAndVerify(account: string, secret: string): Promise<void>
  delete(account: string): Promise<void>
}

/** Each call bounded by `timeoutMs`: a locked keyring can hang forever waiting on a prompt. */
export function createKeytarKeychain(
  service: string,
  timeoutMs: number,
  loadKeytar: () => Promise<KeytarModule>,
): Keychain {
  // Loaded on first use and kept once loaded. A failed load is forgotten so the next call tries again
  // (cheap); Node may remember a failed native import, in which case the session fallback just continues.
  let loading: Promise<KeytarModule> | undefined

  function keytar(): Promise<KeytarModule> {
    if (loading === undefined) {
      const attempt = Promise.resolve().then(loadKeytar)
      loading = attempt
      attempt.catch(() => {
        if (loading === attempt) loading = undefined
      })
    }
    return loading
  }

  function call<T>(operation: string, run: (module: KeytarModule) => Promise<T>): Promise<T> {
    return withTimeout(async () => run(await keytar()), timeoutMs, operation)
  }

  return {
    get: (account) => call('getPassword', (module) => module.getPassword(service, account)),
    async setAndVerify(account, secret) {
      await call('setPassword', (module) => module.setPassword(service, account, secret))
      // libsecret can report success and store something else (a NUL cuts the C string; a wrong default
      // collection): only a read-back proves the key is there.
      const readBack = await call('getPassword', (module) => module.getPassword(service, account))
      if (readBack !== secret) {
        // Whatever the keychain kept is not the key the user gave: leaving it would make the next run
        // send a wrong key (a 401 that looks like the provider's fault). Best effort; the error stands.
        await call('deletePassword', (module) => module.deletePassword(service, account)).catch(
          () => undefined,
        )
        throw new KeychainReadBackError()
      }
    },
    async delete(account) {
      // `false` means there was nothing to delete, which is the state we want.
      await call('deletePassword', (module) => module.deletePassword(service, account))
    },
  }
}
