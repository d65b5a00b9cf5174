import { createSerialQueue } from '@shared/async/serial-queue'
import { KeychainReadBackError, type KeychainHost } from './describe-keychain-failure'
import { keyLast4 } from './key-last4'
import { createKeytarKeychain } from './keytar-keychain'
import { loadKeytarModule, type KeytarModule } from './keytar-module'
import { createPendingKeyChanges } from './pending-key-changes'
import { SECRET_SERVICE_NAME, type KeyStatus, type SecretStore } from './secret-store'

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
 * The API key store of the main process: the OS keychain through keytar, with a session-only memory
 * fallback (never a plaintext file) and a plain-language reason whenever the keychain is out of reach.
 * Nothing about a key leaves it except `get` (for main's own HTTP calls) and `last4`.
 */
export function createKeytarSecretStore(options: KeytarSecretStoreOptions = {}): SecretStore {
  const keychain = createKeytarKeychain(
    options.service ?? SECRET_SERVICE_NAME,
    options.timeoutMs ?? DEFAULT_KEYCHAIN_TIMEOUT_MS,
    options.loadKeytar ?? loadKeytarModule,
  )
  const queue = createSerialQueue()
  const pending = createPendingKeyChanges(options.host ?? thisHost())

  /** The keychain's value once pending changes are applied; throws when the keychain is out of reach. */
  async function readThroughKeychain(account: string): Promise<string | null> {
    await pending.applyTo(keychain, account)
    return keychain.get(account)
  }

  return {
    async get(account) {
      assertAccount(account)
      return queue.run(async () => {
        try {
          return await readThroughKeychain(account)
        } catch {
          return pending.secret(account)
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
          pending.settled(account)
          return keychainStatus(secret)
        } catch (error) {
          // A keychain that answers with another value is not "unreachable": saying "saved in session"
          // would hide a real fault, so the caller gets the error.
          if (error instanceof KeychainReadBackError) throw error
          pending.hold(account, { kind: 'set', secret })
          return pending.sessionStatus(account, error, secret)
        }
      })
    },

    async delete(account) {
      assertAccount(account)
      return queue.run(async () => {
        try {
          await keychain.delete(account)
          pending.settled(account)
          return keychainStatus(null)
        } catch (error) {
          pending.hold(account, { kind: 'delete' })
          return pending.sessionStatus(account, error)
        }
      })
    },

    async status(account) {
      assertAccount(account)
      return queue.run(async () => {
        try {
          return keychainStatus(await readThroughKeychain(account))
        } catch (error) {
          return pending.sessionStatus(account, error)
        }
      })
    },
  }
}

/** What the keychain holds for an account, as the renderer may see it. */
function keychainStatus(secret: string | null): KeyStatus {
  return { hasKey: secret !== null, storage: 'keychain', last4: secret === null ? null : keyLast4(secret) }
}

/** This process, read to explain keychain failures. */
function thisHost(): KeychainHost {
  return { platform: process.platform, dbusSessionBusAddress: process.env.DBUS_SESSION_BUS_ADDRESS }
}

function assertAccount(account: string): void {
  if (typeof account !== 'string' || account === '')
    throw new TypeError('The account must be a non-empty string.')
}
