import {
  describeKeychainFailure,
  KeychainReadBackError,
  type KeychainHost,
} from './describe-keychain-failure'
import { keyLast4 } from './key-last4'
import { loadKeytarModule, type KeytarModule } from './keytar-module'
import { SECRET_SERVICE_NAME, type KeyStatus, type SecretStore } from './secret-store'
import { createSerialQueue } from '@shared/async/serial-queue'
import { withTimeout } from './with-timeout'

export type KeytarSecretStoreOptions = {
  /** Keychain service name; the app uses `model-gateway-playground`. */
  service?: string
  /** Upper bound for each keytar call: a locked keyring can hang forever waiting on a prompt. */
  timeoutMs?: number
  /** Injected in tests; the app uses the lazy dynamic import of keytar. */
  loadKeytar?: () => Promise<KeytarModule>
  /** Read to explain failures; defaults to this process. */
  host?: KeychainHost
}

const DEFAULT_KEYCHAIN_TIMEOUT_MS = 5_000

/**
 * A change the keychain could not take yet. While it is pending, the session view (main memory only)
 * is the truth for that account; the next call that reaches the keychain applies it first, so a key
 * saved while the keyring was locked lands in the keychain once it is unlocked, and a key deleted
 * meanwhile does not come back.
 */
type PendingChange = { kind: 'set'; secret: string } | { kind: 'delete' }

type Keychain = {
  get(account: string): Promise<string | null>
  /** Writes, then reads back: resolves only when the keychain really holds `secret`. */
  setAndVerify(account: string, secret: string): Promise<void>
  delete(account: string): Promise<void>
}

/**
 * The API key store of the main process: the OS keychain through keytar, with a session-only memory
 * fallback (never a plaintext file) and a plain-language reason whenever the keychain is out of reach.
 * Nothing about a key leaves it except `get` (for main's own HTTP calls) and `last4`.
 */
export function createKeytarSecretStore(options: KeytarSecretStoreOptions = {}): SecretStore {
  const host = options.host ?? {
    platform: process.platform,
    dbusSessionBusAddress: process.env.DBUS_SESSION_BUS_ADDRESS,
  }
  const keychain = createKeychain(
    options.service ?? SECRET_SERVICE_NAME,
    options.timeoutMs ?? DEFAULT_KEYCHAIN_TIMEOUT_MS,
    options.loadKeytar ?? loadKeytarModule,
  )
  const queue = createSerialQueue()
  const pending = new Map<string, PendingChange>()

  function sessionSecret(account: string): string | null {
    const change = pending.get(account)
    return change?.kind === 'set' ? change.secret : null
  }

  function sessionStatus(account: string, error: unknown, attemptedSecret?: string): KeyStatus {
    const secret = sessionSecret(account)
    const knownSecrets = [...pending.values()].flatMap((change) =>
      change.kind === 'set' ? [change.secret] : [],
    )
    if (attemptedSecret !== undefined) knownSecrets.push(attemptedSecret)
    return {
      hasKey: secret !== null,
      storage: 'session',
      last4: secret === null ? null : keyLast4(secret),
      reason: describeKeychainFailure(error, host, knownSecrets),
    }
  }

  async function applyPending(account: string): Promise<void> {
    const change = pending.get(account)
    if (change === undefined) return
    if (change.kind === 'set') await keychain.setAndVerify(account, change.secret)
    else await keychain.delete(account)
    pending.delete(account)
  }

  /** The keychain's value once pending changes are applied; throws when the keychain is out of reach. */
  async function readThroughKeychain(account: string): Promise<string | null> {
    await applyPending(account)
    return keychain.get(account)
  }

  return {
    async get(account) {
      assertAccount(account)
      return queue.run(async () => {
        try {
          return await readThroughKeychain(account)
        } catch {
          return sessionSecret(account)
        }
      })
    },

    async set(account, secret) {
      assertAccount(account)
      if (typeof secret !== 'string' || secret === '')
        throw new TypeError('The key must be a non-empty string.')
      return queue.run(async () => {
        try {
          await keychain.setAndVerify(account, secret)
          pending.delete(account)
          return { hasKey: true, storage: 'keychain', last4: keyLast4(secret) }
        } catch (error) {
          // A keychain that answers with another value is not "unreachable": saying "saved in session"
          // would hide a real fault, so the caller gets the error.
          if (error instanceof KeychainReadBackError) throw error
          pending.set(account, { kind: 'set', secret })
          return sessionStatus(account, error, secret)
        }
      })
    },

    async delete(account) {
      assertAccount(account)
      return queue.run(async () => {
        try {
          await keychain.delete(account)
          pending.delete(account)
          return { hasKey: false, storage: 'keychain', last4: null }
        } catch (error) {
          pending.set(account, { kind: 'delete' })
          return sessionStatus(account, error)
        }
      })
    },

    async status(account) {
      assertAccount(account)
      return queue.run(async () => {
        try {
          const secret = await readThroughKeychain(account)
          return {
            hasKey: secret !== null,
            storage: 'keychain',
            last4: secret === null ? null : keyLast4(secret),
          }
        } catch (error) {
          return sessionStatus(account, error)
        }
      })
    },
  }
}

function createKeychain(
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

function assertAccount(account: string): void {
  if (typeof account !== 'string' || account === '')
    throw new TypeError('The account must be a non-empty string.')
}
