// Runs against a REAL Secret Service, only under a private D-Bus session with an unlocked keyring:
//   dbus-run-session -- sh -c 'printf pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null;
//     npx vitest run --project keychain'
import { execFile, spawnSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { KEYCHAIN_FAILURE_REASONS, KeychainReadBackError } from './describe-keychain-failure'
import { createKeytarSecretStore } from './keytar-secret-store'
import { SECRET_SERVICE_NAME, type KeyStatus } from './secret-store'

const run = promisify(execFile)
const here = path.dirname(fileURLToPath(import.meta.url))
const repoRoot = path.resolve(here, '../../../..')

const account = `keychain-test-${randomUUID()}`
const canary = `sk-CANARY-${randomUUID()}`

function commandExists(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0
}

/** The item as the Secret Service itself sees it, through `secret-tool` (libsecret-tools), not keytar. */
async function secretToolLookup(lookupAccount: string): Promise<string | null> {
  const result = await run('secret-tool', [
    'lookup',
    'service',
    SECRET_SERVICE_NAME,
    'account',
    lookupAccount,
  ]).catch((error: { code?: number; stdout?: string }) => {
    // secret-tool exits 1 with no output when nothing matches.
    if (error.code === 1) return { stdout: '' }
    throw error
  })
  // It adds a newline only when writing to a terminal; strip one either way.
  return result.stdout === '' ? null : result.stdout.replace(/\n$/, '')
}

/**
 * Labels of the items the Secret Service holds for our service and account, asked over D-Bus with
 * `gdbus` (part of GLib, so present wherever libsecret is): independent of keytar and libsecret.
 */
async function secretServiceItemLabels(lookupAccount: string): Promise<string[]> {
  const attributes = `{'service': '${SECRET_SERVICE_NAME}', 'account': '${lookupAccount}'}`
  const { stdout } = await run('gdbus', [
    'call',
    '--session',
    '--dest',
    'org.freedesktop.secrets',
    '--object-path',
    '/org/freedesktop/secrets',
    '--method',
    'org.freedesktop.Secret.Service.SearchItems',
    attributes,
  ])
  const paths = [...stdout.matchAll(/'(\/org\/freedesktop\/secrets\/collection\/[^']+)'/g)].map(
    (match) => match[1] ?? '',
  )
  const labels: string[] = []
  for (const itemPath of paths) {
    const label = await run('gdbus', [
      'call',
      '--session',
      '--dest',
      'org.freedesktop.secrets',
      '--object-path',
      itemPath,
      '--method',
      'org.freedesktop.DBus.Properties.Get',
      'org.freedesktop.Secret.Item',
      'Label',
    ])
    // GVariant text of a variant string: (<'model-gateway-playground/account'>,)
    labels.push(/^\(<'(.*)'>,\)$/.exec(label.stdout.trim())?.[1] ?? label.stdout.trim())
  }
  return labels
}

describe('createKeytarSecretStore against the real Secret Service', () => {
  const store = createKeytarSecretStore({ timeoutMs: 10_000 })

  afterAll(async () => {
    await store.delete(account)
    await store.delete(`${account}-unicode`)
    await store.delete(`${account}-nul`)
  })

  it('runs inside a session bus (this project only runs under dbus-run-session)', () => {
    expect(process.env.DBUS_SESSION_BUS_ADDRESS).toBeTruthy()
  })

  it('saves a key in the keychain and reads it back', async () => {
    await expect(store.status(account)).resolves.toEqual({ hasKey: false, storage: 'keychain', last4: null })
    const status = await store.set(account, canary)
    expect(status).toEqual({ hasKey: true, storage: 'keychain', last4: canary.slice(-4) })
    await expect(store.get(account)).resolves.toBe(canary)
    await expect(store.status(account)).resolves.toEqual(status)
  })

  it('really put the key in the Secret Service, where a fresh store instance finds it', async () => {
    const fresh = createKeytarSecretStore({ timeoutMs: 10_000 })
    await expect(fresh.get(account)).resolves.toBe(canary)
    await expect(fresh.status(account)).resolves.toEqual({
      hasKey: true,
      storage: 'keychain',
      last4: canary.slice(-4),
    })
  })

  it('is visible to the Secret Service itself under the app service name and the account', async () => {
    // keytar labels each item "<service>/<account>".
    await expect(secretServiceItemLabels(account)).resolves.toEqual([`${SECRET_SERVICE_NAME}/${account}`])
  })

  it.skipIf(!commandExists('secret-tool'))('is what `secret-tool lookup` returns', async () => {
    await expect(secretToolLookup(account)).resolves.toBe(canary)
  })

  it('replaces a key', async () => {
    const replacement = `sk-CANARY-${randomUUID()}`
    await expect(store.set(account, replacement)).resolves.toEqual({
      hasKey: true,
      storage: 'keychain',
      last4: replacement.slice(-4),
    })
    await expect(createKeytarSecretStore().get(account)).resolves.toBe(replacement)
    // One item per account: replacing does not add a second one.
    await expect(secretServiceItemLabels(account)).resolves.toHaveLength(1)
  })

  it('keeps unicode keys intact', async () => {
    const unicode = `sk-ünïcødé-密钥-🔑-${randomUUID()}-ключ🗝`
    await expect(store.set(`${account}-unicode`, unicode)).resolves.toEqual({
      hasKey: true,
      storage: 'keychain',
      last4: 'люч🗝', // four characters, the last one outside the BMP
    })
    await expect(createKeytarSecretStore().get(`${account}-unicode`)).resolves.toBe(unicode)
  })

  it('refuses to report a key as saved when the keychain keeps something else', async () => {
    // libsecret takes a C string: a NUL inside the key cuts it, and only the read-back notices.
    const failure = await store.set(`${account}-nul`, `${canary}\u0000tail`).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(KeychainReadBackError)
    await expect(createKeytarSecretStore().get(`${account}-nul`)).resolves.toBeNull()
  })

  it('deletes a key from the Secret Service', async () => {
    await expect(store.delete(account)).resolves.toEqual({ hasKey: false, storage: 'keychain', last4: null })
    await expect(createKeytarSecretStore().get(account)).resolves.toBeNull()
    await expect(secretServiceItemLabels(account)).resolves.toEqual([])
  })
})

describe('createKeytarSecretStore without a reachable session bus', () => {
  it('keeps the key for this session only and says the session bus is missing', async () => {
    const childAccount = `keychain-test-nobus-${randomUUID()}`
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', path.join(here, '__fixtures__/print-set-status.ts'), childAccount],
      {
        cwd: repoRoot,
        env: {
          ...process.env,
          DBUS_SESSION_BUS_ADDRESS: `unix:path=/nonexistent/${randomUUID()}/bus`,
          SECRET_STORE_TEST_KEY: canary,
        },
      },
    )
    const status = JSON.parse(stdout) as KeyStatus
    expect(status).toEqual({
      hasKey: true,
      storage: 'session',
      last4: canary.slice(-4),
      reason: KEYCHAIN_FAILURE_REASONS['no-session-bus'],
    })
    expect(stdout).not.toContain(canary)
    // And nothing reached the real keychain of this session.
    await expect(secretServiceItemLabels(childAccount)).resolves.toEqual([])
  })
})
