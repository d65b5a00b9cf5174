import type { KeytarModule } from '../keytar-module'

export type FakeKeytarOperation = keyof KeytarModule

/** What a faulty keychain does with a call: reject with an error, or never answer (a locked keyring). */
export type FakeKeytarFault = Error | 'hang'

/**
 * An in-memory stand-in for keytar with the failure modes the store must survive, plus a record of
 * every call so tests can check ordering and overlap.
 */
export class FakeKeytar implements KeytarModule {
  readonly entries = new Map<string, string>()
  readonly calls: { operation: FakeKeytarOperation; service: string; account: string }[] = []
  inFlight = 0
  maxInFlight = 0
  /** Decides per call whether it fails; `undefined` lets it through. */
  fault: ((operation: FakeKeytarOperation) => FakeKeytarFault | undefined) | undefined
  /** What setPassword really stores; a test can make the keychain keep something else. */
  storeAs = (password: string): string => password
  /** How long each call takes, so overlapping calls would be visible. */
  latencyMs = 0

  getPassword = (service: string, account: string): Promise<string | null> =>
    this.perform('getPassword', service, account, () => this.entries.get(entryKey(service, account)) ?? null)

  setPassword = (service: string, account: string, password: string): Promise<void> =>
    this.perform('setPassword', service, account, () => {
      this.entries.set(entryKey(service, account), this.storeAs(password))
    })

  deletePassword = (service: string, account: string): Promise<boolean> =>
    this.perform('deletePassword', service, account, () => this.entries.delete(entryKey(service, account)))

  stored(service: string, account: string): string | undefined {
    return this.entries.get(entryKey(service, account))
  }

  private async perform<T>(
    operation: FakeKeytarOperation,
    service: string,
    account: string,
    effect: () => T,
  ): Promise<T> {
    this.calls.push({ operation, service, account })
    const fault = this.fault?.(operation)
    if (fault === 'hang') return new Promise<T>(() => undefined)
    this.inFlight += 1
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight)
    try {
      if (this.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.latencyMs))
      if (fault !== undefined) throw fault
      return effect()
    } finally {
      this.inFlight -= 1
    }
  }
}

function entryKey(service: string, account: string): string {
  return `${service}\u0000${account}`
}
