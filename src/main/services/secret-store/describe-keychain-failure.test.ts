import { describe, expect, it } from 'vitest'
import {
  classifyKeychainFailure,
  describeKeychainFailure,
  KEYCHAIN_FAILURE_REASONS,
  KeychainReadBackError,
  redactSecrets,
  type KeychainFailureCause,
  type KeychainHost,
} from './describe-keychain-failure'
import { KeychainTimeoutError } from './with-timeout'

const DESKTOP: KeychainHost = { platform: 'linux', dbusSessionBusAddress: 'unix:path=/run/user/1000/bus' }

describe('classifyKeychainFailure', () => {
  // Messages as libsecret, GLib and Node print them (observed with keytar 7.9 on Debian).
  const cases: [string | Error, KeychainFailureCause][] = [
    [
      new Error('libsecret-1.so.0: cannot open shared object file: No such file or directory'),
      'libsecret-missing',
    ],
    [new Error('Cannot autolaunch D-Bus without X11 $DISPLAY'), 'no-session-bus'],
    [new Error('Could not connect: No such file or directory'), 'no-session-bus'],
    [new Error('Could not connect: Connection refused'), 'no-session-bus'],
    [
      new Error(
        'GDBus.Error:org.freedesktop.DBus.Error.ServiceUnknown: The name org.freedesktop.secrets was not provided by any .service files',
      ),
      'no-secret-service',
    ],
    [new Error('Cannot create an item in a locked collection'), 'keyring-locked'],
    [
      new Error('Object does not exist at path “/org/freedesktop/secrets/collection/login”'),
      'keyring-locked',
    ],
    [new KeychainTimeoutError('getPassword', 5000), 'keyring-locked'],
    [new KeychainReadBackError(), 'read-back-mismatch'],
    ['some string thrown by a driver', 'unknown'],
    [new Error('Something entirely different'), 'unknown'],
  ]
  for (const [error, cause] of cases) {
    it(`maps "${error instanceof Error ? error.message : error}" to ${cause}`, () => {
      expect(classifyKeychainFailure(error, DESKTOP)).toBe(cause)
    })
  }

  it('blames a missing session bus for an unknown error on Linux without DBUS_SESSION_BUS_ADDRESS', () => {
    const noBus: KeychainHost = { platform: 'linux', dbusSessionBusAddress: undefined }
    expect(classifyKeychainFailure(new Error('Something entirely different'), noBus)).toBe('no-session-bus')
    // macOS and Windows have no D-Bus: the variable means nothing there.
    expect(
      classifyKeychainFailure(new Error('Something entirely different'), { ...noBus, platform: 'darwin' }),
    ).toBe('unknown')
  })
})

describe('keytar missing (an optional dependency npm skipped because its native build failed)', () => {
  it('recognises the error Node really throws when the package is absent', async () => {
    // A real dynamic import of a package that is not installed: the same code path and error text as
    // `import('keytar')` on a machine where npm skipped keytar.
    const error = await import(/* @vite-ignore */ ['keytar', 'absent', 'here'].join('-')).then(
      () => new Error('unexpectedly resolved'),
      (importError: unknown) => importError,
    )
    expect(classifyKeychainFailure(error, DESKTOP)).toBe('keytar-not-installed')
  })

  it('recognises the CommonJS form and a package whose compiled binding is missing', () => {
    for (const message of [
      "Cannot find module 'keytar'\nRequire stack:\n- /app/out/main/index.js",
      "Cannot find module '../build/Release/keytar.node'",
    ]) {
      expect(classifyKeychainFailure(new Error(message), DESKTOP)).toBe('keytar-not-installed')
    }
  })

  it('says what to install on each OS and that the key is kept for this session only', () => {
    const linux = describeKeychainFailure(new Error("Cannot find package 'keytar'"), DESKTOP, [])
    expect(linux).toContain('libsecret-1-dev')
    expect(linux).toMatch(/npm install keytar/)
    expect(linux).toMatch(/this session only/)
    const mac = describeKeychainFailure(
      new Error("Cannot find package 'keytar'"),
      { ...DESKTOP, platform: 'darwin' },
      [],
    )
    expect(mac).toContain('xcode-select --install')
  })
})

describe('describeKeychainFailure', () => {
  it('tells the user what to do for each known cause', () => {
    expect(KEYCHAIN_FAILURE_REASONS['libsecret-missing']).toMatch(/install/i)
    expect(KEYCHAIN_FAILURE_REASONS['no-session-bus']).toMatch(/SSH.*container.*WSL/)
    expect(KEYCHAIN_FAILURE_REASONS['no-secret-service']).toMatch(/GNOME Keyring.*KWallet.*KeePassXC/)
    expect(KEYCHAIN_FAILURE_REASONS['keyring-locked']).toMatch(/unlock.*retry/i)
    for (const reason of Object.values(KEYCHAIN_FAILURE_REASONS)) expect(reason).toMatch(/this session only/)
  })

  it('quotes an unknown error with known keys redacted and the length bounded', () => {
    const secret = 'sk-CANARY-0000-secret'
    const reason = describeKeychainFailure(
      new Error(`failed for ${secret} and ${secret}; ${'x'.repeat(1000)}`),
      DESKTOP,
      [secret],
    )
    expect(reason).toContain('failed for [redacted] and [redacted];')
    expect(reason).not.toContain(secret)
    expect(reason.length).toBeLessThan(500)
  })
})

describe('redactSecrets', () => {
  it('hides a secret that contains another one completely', () => {
    expect(redactSecrets('key=abcdef', ['abc', 'abcdef'])).toBe('key=[redacted]')
  })

  it('ignores empty secrets', () => {
    expect(redactSecrets('unchanged', [''])).toBe('unchanged')
  })
})
