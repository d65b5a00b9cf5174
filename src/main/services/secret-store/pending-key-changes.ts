import { describeKeychainFailure, type KeychainHost } from './describe-keychain-failure'
import { keyLast4 } from './key-last4'
import type { Keychain } from './keytar-keychain'
import type { KeyStatus } from './secret-store'

/**
 * A change the keychain could not take yet. While it is pending, the session view (main memory only)
 * is the truth for that account; the next call that reaches the keychain applies it first, so a key
 * saved while the keyring was locked lands in the keychain once it is unlocked, and a key deleted
 * meanwhile does not come back.
 */
type PendingChange = { kind: 'set'; secret: string } | { kind: 'delete' }

export type PendingKeyChanges = {
  /** The key the session holds for `account` (a pending set), else null. */
  secret(account: string): string | null
  /** Keeps `change` until the keychain takes it. */
  hold(account: string, change: PendingChange): void
  /** The keychain now holds what the user last asked for. */
  settled(account: string): void
  /** Applies the pending change of `account`, if any; throws (keeping it) when the keychain is out of reach. */
  applyTo(keychain: Keychain, account: string): Promise<void>
  /** What the user is told while the keychain is out of reach: the session view and why. */
  sessionStatus(account: string, error: unknown, attemptedSecret?: string): KeyStatus
}

export function createPendingKeyChanges(host: KeychainHost): PendingKeyChanges {
  const pending = new Map<string, PendingChange>()
  const secret = (account: string): string | null => {
    const change = pending.get(account)
    return change?.kind === 'set' ? change.secret : null
  }
  return {
    secret,
    hold(account, change) {
      pending.set(account, change)
    },
    settled(account) {
      pending.delete(account)
    },
    async applyTo(keychain, account) {
      const change = pending.get(account)
      if (change === undefined) return
      if (change.kind === 'set') await keychain.setAndVerify(account, change.secret)
      else await keychain.delete(account)
      pending.delete(account)
    },
    sessionStatus(account, error, attemptedSecret) {
      const held = secret(account)
      // A driver may echo its arguments: no key the session holds may be quoted in the reason.
      const knownSecrets = [...pending.values()].flatMap((change) =>
        change.kind === 'set' ? [change.secret] : [],
      )
      if (attemptedSecret !== undefined) knownSecrets.push(attemptedSecret)
      return {
        hasKey: held !== null,
        storage: 'session',
        last4: held === null ? null : keyLast4(held),
        reason: describeKeychainFailure(error, host, knownSecrets),
      }
    },
  }
}
