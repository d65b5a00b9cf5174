import { describe, expect, it } from 'vitest'
import { FakeKeytar, type FakeKeytarFault } from './__fixtures__/fake-keytar'
import {
  KEYCHAIN_FAILURE_REASONS,
  KeychainReadBackError,
  type KeychainHost,
} from './describe-keychain-failure'
import type { KeytarModule } from './keytar-module'
import { createKeytarSecretStore } from './keytar-secret-store'
import { SECRET_SERVICE_NAME } from './secret-store'

const SERVICE = SECRET_SERVICE_NAME
const SECRET = 'sk-CANARY-2f6c0d2e-1b7a-4c1e-9a51-5d3e8f7c9b10'
// A desktop Linux with a session bus, so only the error itself decides the reason.
const DESKTOP_HOST: KeychainHost = {
  platform: 'linux',
  dbusSessionBusAddress: 'unix:path=/run/user/1000/bus',
}

function storeWith(fake: FakeKeytar, options: { timeoutMs?: number; host?: KeychainHost } = {}) {
  let loads = 0
  const store = createKeytarSecretStore({
    service: SERVICE,
    timeoutMs: options.timeoutMs ?? 1_000,
    host: options.host ?? DESKTOP_HOST,
    loadKeytar: async () => {
      loads += 1
      return fake
    },
  })
  return { store, loads: () => loads }
}

describe('createKeytarSecretStore with a working keychain', () => {
  it('loads keytar only on first use, and only once', async () => {
    const fake = new FakeKeytar()
    const { store, loads } = storeWith(fake)
    expect(loads()).toBe(0)
    await store.status('profile-a')
    await store.set('profile-a', SECRET)
    await store.get('profile-a')
    expect(loads()).toBe(1)
  })

  it('saves under the app service and the profile account, and reports keychain storage with last4', async () => {
    const fake = new FakeKeytar()
    const { store } = storeWith(fake)
    await expect(store.set('profile-a', SECRET)).resolves.toEqual({
      hasKey: true,
      storage: 'keychain',
      last4: '9b10',
    })
    expect(fake.stored('model-gateway-playground', 'profile-a')).toBe(SECRET)
    await expect(store.get('profile-a')).resolves.toBe(SECRET)
    await expect(store.status('profile-a')).resolves.toEqual({
      hasKey: true,
      storage: 'keychain',
      last4: '9b10',
    })
    // Accounts are independent.
    await expect(store.get('profile-b')).resolves.toBeNull()
  })

  it('reads the key back after writing it before reporting it saved', async () => {
    const fake = new FakeKeytar()
    const { store } = storeWith(fake)
    await store.set('profile-a', SECRET)
    expect(fake.calls.map((call) => call.operation)).toEqual(['setPassword', 'getPassword'])
  })

  it('fails when the read-back differs, without putting the key in the error', async () => {
    const fake = new FakeKeytar()
    // What libsecret does with a C string: everything after a NUL is lost.
    fake.storeAs = (password) => password.split('\u0000')[0] ?? ''
    const { store } = storeWith(fake)
    const secret = `${SECRET}\u0000tail`
    const failure = await store.set('profile-a', secret).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(KeychainReadBackError)
    expect(String((failure as Error).message)).not.toContain(SECRET)
    // The cut-off value is not left behind to be sent as the key later.
    expect(fake.stored(SERVICE, 'profile-a')).toBeUndefined()
    await expect(store.status('profile-a')).resolves.toEqual({
      hasKey: false,
      storage: 'keychain',
      last4: null,
    })
  })

  it('replaces a key and deletes it', async () => {
    const fake = new FakeKeytar()
    const { store } = storeWith(fake)
    await store.set('profile-a', SECRET)
    await expect(store.set('profile-a', 'sk-second-key-WXYZ')).resolves.toMatchObject({ last4: 'WXYZ' })
    await expect(store.get('profile-a')).resolves.toBe('sk-second-key-WXYZ')
    await expect(store.delete('profile-a')).resolves.toEqual({
      hasKey: false,
      storage: 'keychain',
      last4: null,
    })
    await expect(store.get('profile-a')).resolves.toBeNull()
    expect(fake.stored(SERVICE, 'profile-a')).toBeUndefined()
    // Deleting what is not there is not an error.
    await expect(store.delete('profile-a')).resolves.toEqual({
      hasKey: false,
      storage: 'keychain',
      last4: null,
    })
  })

  it('refuses an empty account or key instead of storing garbage', async () => {
    const { store } = storeWith(new FakeKeytar())
    await expect(store.set('', SECRET)).rejects.toThrow(TypeError)
    await expect(store.set('profile-a', '')).rejects.toThrow(TypeError)
    await expect(store.get('')).rejects.toThrow(TypeError)
  })
})

describe('session-only fallback when the keychain is out of reach', () => {
  const causes: { cause: string; fault: FakeKeytarFault; reason: string; host?: KeychainHost }[] = [
    {
      cause: 'no session bus (no DBUS_SESSION_BUS_ADDRESS, no X11)',
      fault: new Error('Cannot autolaunch D-Bus without X11 $DISPLAY'),
      reason: KEYCHAIN_FAILURE_REASONS['no-session-bus'],
    },
    {
      cause: 'a session bus address pointing nowhere',
      fault: new Error('Could not connect: No such file or directory'),
      reason: KEYCHAIN_FAILURE_REASONS['no-session-bus'],
    },
    {
      cause: 'no Secret Service on the bus',
      fault: new Error(
        'GDBus.Error:org.freedesktop.DBus.Error.ServiceUnknown: The name org.freedesktop.secrets was not provided by any .service files',
      ),
      reason: KEYCHAIN_FAILURE_REASONS['no-secret-service'],
    },
    {
      cause: 'a locked collection',
      fault: new Error('Cannot create an item in a locked collection'),
      reason: KEYCHAIN_FAILURE_REASONS['keyring-locked'],
    },
    {
      cause: 'a call that never settles',
      fault: 'hang',
      reason: KEYCHAIN_FAILURE_REASONS['keyring-locked'],
    },
  ]

  for (const { cause, fault, reason } of causes) {
    it(`keeps the key in memory and explains ${cause}`, async () => {
      const fake = new FakeKeytar()
      fake.fault = () => fault
      const { store } = storeWith(fake, { timeoutMs: 40 })

      await expect(store.status('profile-a')).resolves.toEqual({
        hasKey: false,
        storage: 'session',
        last4: null,
        reason,
      })
      await expect(store.set('profile-a', SECRET)).resolves.toEqual({
        hasKey: true,
        storage: 'session',
        last4: '9b10',
        reason,
      })
      await expect(store.get('profile-a')).resolves.toBe(SECRET)
      await expect(store.status('profile-a')).resolves.toEqual({
        hasKey: true,
        storage: 'session',
        last4: '9b10',
        reason,
      })
      await expect(store.delete('profile-a')).resolves.toEqual({
        hasKey: false,
        storage: 'session',
        last4: null,
        reason,
      })
      await expect(store.get('profile-a')).resolves.toBeNull()
      expect(fake.entries.size).toBe(0)
    })
  }

  it('explains a missing libsecret when keytar itself cannot load', async () => {
    let loads = 0
    const store = createKeytarSecretStore({
      timeoutMs: 1_000,
      host: DESKTOP_HOST,
      loadKeytar: async () => {
        loads += 1
        throw Object.assign(
          new Error('libsecret-1.so.0: cannot open shared object file: No such file or directory'),
          { code: 'ERR_DLOPEN_FAILED' },
        )
      },
    })
    await expect(store.set('profile-a', SECRET)).resolves.toEqual({
      hasKey: true,
      storage: 'session',
      last4: '9b10',
      reason: KEYCHAIN_FAILURE_REASONS['libsecret-missing'],
    })
    await expect(store.get('profile-a')).resolves.toBe(SECRET)
    // Every call tries the keychain again; the session copy keeps working meanwhile.
    expect(loads).toBe(2)
  })

  it('blames the missing session bus for an unrecognised error on Linux without DBUS_SESSION_BUS_ADDRESS', async () => {
    const fake = new FakeKeytar()
    fake.fault = () => new Error('Error spawning command line “dbus-launch --autolaunch=…”')
    const { store } = storeWith(fake, { host: { platform: 'linux', dbusSessionBusAddress: undefined } })
    await expect(store.status('profile-a')).resolves.toMatchObject({
      storage: 'session',
      reason: KEYCHAIN_FAILURE_REASONS['no-session-bus'],
    })
  })

  it('quotes an unknown error, with every known key redacted', async () => {
    const fake = new FakeKeytar()
    // A driver echoing its arguments: the key must not reach the UI through the reason.
    fake.fault = (operation) =>
      operation === 'setPassword' ? new Error(`Unexpected reply while storing ${SECRET} (code 7)`) : undefined
    const { store } = storeWith(fake)
    const status = await store.set('profile-a', SECRET)
    expect(status).toMatchObject({ hasKey: true, storage: 'session', last4: '9b10' })
    expect(status.reason).toContain('Unexpected reply while storing [redacted] (code 7)')
    expect(JSON.stringify(status)).not.toContain(SECRET)
  })

  it('moves a session key into the keychain as soon as the keychain answers again', async () => {
    const fake = new FakeKeytar()
    fake.fault = () => new Error('Cannot create an item in a locked collection')
    const { store } = storeWith(fake)
    await expect(store.set('profile-a', SECRET)).resolves.toMatchObject({ storage: 'session' })
    expect(fake.stored(SERVICE, 'profile-a')).toBeUndefined()

    fake.fault = undefined // the user unlocked the keyring
    await expect(store.status('profile-a')).resolves.toEqual({
      hasKey: true,
      storage: 'keychain',
      last4: '9b10',
    })
    expect(fake.stored(SERVICE, 'profile-a')).toBe(SECRET)
    // Once it is in the keychain, memory is no longer the source: a later outage shows no session key.
    fake.fault = () => new Error('Cannot create an item in a locked collection')
    await expect(store.status('profile-a')).resolves.toMatchObject({ hasKey: false, storage: 'session' })
  })

  it('does not let a key deleted during an outage come back from the keychain', async () => {
    const fake = new FakeKeytar()
    const { store } = storeWith(fake)
    await store.set('profile-a', SECRET)
    fake.fault = () => new Error('Cannot autolaunch D-Bus without X11 $DISPLAY')
    await expect(store.delete('profile-a')).resolves.toMatchObject({ hasKey: false, storage: 'session' })
    await expect(store.get('profile-a')).resolves.toBeNull()

    fake.fault = undefined
    await expect(store.get('profile-a')).resolves.toBeNull()
    expect(fake.stored(SERVICE, 'profile-a')).toBeUndefined()
  })

  it('keeps a session key when the keychain comes back but still fails the write', async () => {
    const fake = new FakeKeytar()
    fake.fault = () => new Error('Cannot autolaunch D-Bus without X11 $DISPLAY')
    const { store } = storeWith(fake)
    await store.set('profile-a', SECRET)
    fake.fault = (operation) =>
      operation === 'setPassword' ? new Error('Cannot create an item in a locked collection') : undefined
    await expect(store.status('profile-a')).resolves.toEqual({
      hasKey: true,
      storage: 'session',
      last4: '9b10',
      reason: KEYCHAIN_FAILURE_REASONS['keyring-locked'],
    })
    await expect(store.get('profile-a')).resolves.toBe(SECRET)
  })
})

describe('one keychain call at a time', () => {
  it('runs concurrent operations one after another, in the order they were made', async () => {
    const fake = new FakeKeytar()
    fake.latencyMs = 5
    const { store } = storeWith(fake)
    await Promise.all([
      store.set('a', 'sk-aaaa'),
      store.status('b'),
      store.delete('c'),
      store.get('a'),
      store.set('b', 'sk-bbbb'),
    ])
    expect(fake.maxInFlight).toBe(1)
    expect(fake.calls.map((call) => `${call.operation} ${call.account}`)).toEqual([
      'setPassword a',
      'getPassword a',
      'getPassword b',
      'deletePassword c',
      'getPassword a',
      'setPassword b',
      'getPassword b',
    ])
  })

  it('lets the queue move on after a call times out', async () => {
    const fake = new FakeKeytar()
    let calls = 0
    fake.fault = () => (++calls === 1 ? 'hang' : undefined)
    const { store } = storeWith(fake, { timeoutMs: 30 })
    const [first, second] = await Promise.all([store.status('a'), store.set('a', SECRET)])
    expect(first).toMatchObject({ storage: 'session', reason: KEYCHAIN_FAILURE_REASONS['keyring-locked'] })
    expect(second).toEqual({ hasKey: true, storage: 'keychain', last4: '9b10' })
  })

  it('serializes the lazy load too: concurrent first calls load keytar once', async () => {
    const fake = new FakeKeytar()
    let loads = 0
    const store = createKeytarSecretStore({
      host: DESKTOP_HOST,
      loadKeytar: async (): Promise<KeytarModule> => {
        loads += 1
        await new Promise((resolve) => setTimeout(resolve, 5))
        return fake
      },
    })
    await Promise.all([store.status('a'), store.status('b'), store.get('c')])
    expect(loads).toBe(1)
  })
})
