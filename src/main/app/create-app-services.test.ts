import { mkdir, mkdtemp, readdir, rm, stat, truncate, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it, onTestFinished } from 'vitest'
import { INVOKE_CHANNELS } from '../../shared/ipc/contract'
import { dispatchInvoke } from '../ipc/handlers'
import type { KeyStatus, SecretStore } from '../services/secret-store'
import { createAppServices, type AppServices } from './create-app-services'

/** An in-memory SecretStore: these tests are about the wiring, not the keychain (tested elsewhere). */
function memorySecrets(): SecretStore {
  const keys = new Map<string, string>()
  const status = (account: string): KeyStatus => {
    const key = keys.get(account)
    return { hasKey: key !== undefined, storage: 'session', last4: key ? key.slice(-4) : null }
  }
  return {
    get: async (account) => keys.get(account) ?? null,
    set: async (account, secret) => (keys.set(account, secret), status(account)),
    delete: async (account) => (keys.delete(account), status(account)),
    status: async (account) => status(account),
  }
}

const REQUEST = {
  model: 'vendorb3.8-Flash-Next',
  messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
  maxTokens: 32,
  stream: false,
}

describe('createAppServices', () => {
  let services: AppServices | undefined
  afterEach(async () => {
    await services?.stop()
    services = undefined
  })

  async function start(
    options: { userDataDir?: string; log?: string[] } = {},
  ): Promise<{ services: AppServices; clipboard: string[] }> {
    const clipboard: string[] = []
    services = await createAppServices({
      userDataDir: options.userDataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'app-services-'))),
      secrets: memorySecrets(),
      emit: () => undefined,
      abilities: { shell: 'electron', version: 'test', writeClipboard: (text) => clipboard.push(text) },
      env: {},
      writeLog: (line) => options.log?.push(line),
    })
    return { services, clipboard }
  }

  it('starts with an oversized conversation and settings file, naming both as set aside', async () => {
    const userDataDir = await mkdtemp(path.join(os.tmpdir(), 'app-services-'))
    onTestFinished(() => rm(userDataDir, { recursive: true, force: true }))
    const conversations = path.join(userDataDir, 'conversations')
    await mkdir(conversations)
    // Sparse files: 600 MB of conversation (more than a string can hold), 20 MB of "settings".
    await writeFile(path.join(conversations, 'huge.json'), '')
    await truncate(path.join(conversations, 'huge.json'), 600 * 1024 * 1024)
    await writeFile(path.join(userDataDir, 'settings.json'), '')
    await truncate(path.join(userDataDir, 'settings.json'), 20 * 1024 * 1024)
    const log: string[] = []

    const { services } = await start({ userDataDir, log })

    const info = await dispatchInvoke(services.handlers, 'app:info', undefined)
    const reported = (info as { value: { quarantinedFiles: string[] } }).value.quarantinedFiles
    expect(reported.map((file) => path.relative(userDataDir, file).replace(/-[\dT-]+Z$/, '')).sort()).toEqual(
      [path.join('conversations', 'huge.json.too-large'), 'settings.json.too-large'],
    )
    // Kept whole where the names say, and said in the log too.
    for (const file of reported) expect((await stat(file)).size).toBeGreaterThanOrEqual(20 * 1024 * 1024)
    for (const file of reported) expect(log.join('\n')).toContain(path.basename(file))
    await expect(dispatchInvoke(services.handlers, 'history:list', undefined)).resolves.toEqual({
      ok: true,
      value: [],
    })
    // The app works on: settings are saved again, owner-only.
    await dispatchInvoke(services.handlers, 'settings:set-theme', { theme: 'dark' })
    if (process.platform !== 'win32') {
      expect((await stat(path.join(userDataDir, 'settings.json'))).mode & 0o777).toBe(0o600)
    }
    expect((await readdir(conversations)).length).toBe(1)
  })

  it('has a handler for every channel of the contract', async () => {
    const { services } = await start()
    expect(Object.keys(services.handlers).sort()).toEqual([...INVOKE_CHANNELS].sort())
  })

  it('copies the command with the local key and the simulated fault the panel shows', async () => {
    const { services, clipboard } = await start()
    const result = await dispatchInvoke(services.handlers, 'curl:copy-with-key', {
      profileId: 'local',
      dialect: 'anthropic-messages',
      request: REQUEST,
      simulate: 'status=429',
    })
    expect(result).toMatchObject({ ok: true, value: { copied: true } })
    expect(clipboard).toHaveLength(1)
    expect(clipboard[0]).toContain(`${services.localGatewayUrl}/messages`)
    expect(clipboard[0]).toContain("-H 'x-simulate: status=429'")
    // The key itself is in the copy (that is the point of the action), never a placeholder.
    expect(clipboard[0]).not.toContain('$MODEL_GATEWAY_API_KEY')
    expect(clipboard[0]).toMatch(/-H 'x-api-key: sk-local-/)
  })

  it('refuses simulated faults and key changes where they make no sense', async () => {
    const { services } = await start()
    const profile = await dispatchInvoke(services.handlers, 'profiles:save', {
      name: 'Hosted',
      baseUrl: 'https://gateway.example.com/v1',
    })
    const profileId = (profile as { value: { id: string } }).value.id
    for (const channel of ['chat:start', 'curl:copy-with-key'] as const) {
      const result = await dispatchInvoke(services.handlers, channel, {
        profileId,
        dialect: 'openai-chat',
        request: REQUEST,
        simulate: 'status=429',
      })
      expect(result).toMatchObject({ ok: false, error: { code: 'simulate_local_only' } })
    }
    const replaceLocal = await dispatchInvoke(services.handlers, 'secrets:set', {
      profileId: 'local',
      key: 'sk-x-12345678',
    })
    expect(replaceLocal).toMatchObject({ ok: false, error: { code: 'local_profile' } })
  })

  it('drops the key when an edit points the profile at another origin, and says so', async () => {
    const { services } = await start()
    const invoke = async (channel: Parameters<typeof dispatchInvoke>[1], input: unknown) => {
      const result = await dispatchInvoke(services.handlers, channel, input)
      if (!result.ok) throw new Error(result.error.message)
      return result.value as Record<string, unknown>
    }
    const created = await invoke('profiles:save', { name: 'Hosted', baseUrl: 'https://a.example.com/v1' })
    const id = created['id'] as string
    expect(created['keyRemovedNotice']).toBeUndefined()
    await invoke('secrets:set', { profileId: id, key: 'sk-origin-key-1234' })

    // Same origin, other path: the key stays.
    const samePlace = await invoke('profiles:save', {
      id,
      name: 'Hosted',
      baseUrl: 'https://a.example.com/v2',
    })
    expect(samePlace['keyRemovedNotice']).toBeUndefined()
    expect(await invoke('secrets:status', { profileId: id })).toMatchObject({ hasKey: true })

    // Another host: the key is gone before the new address is saved, and the user is told.
    const moved = await invoke('profiles:save', { id, name: 'Hosted', baseUrl: 'https://b.example.com/v1' })
    expect(moved['keyRemovedNotice']).toBe(
      'The key of "Hosted" was removed: it was given for https://a.example.com, and the base URL now points to https://b.example.com. Enter the key again if this server should have it.',
    )
    expect(await invoke('secrets:status', { profileId: id })).toMatchObject({ hasKey: false })

    // Moving again without a key: nothing to remove, nothing to say.
    const again = await invoke('profiles:save', { id, name: 'Hosted', baseUrl: 'https://c.example.com/v1' })
    expect(again['keyRemovedNotice']).toBeUndefined()
  })

  it('saves a plain-http profile on another machine with a warning, and loopback http without one', async () => {
    const { services } = await start()
    const remote = await dispatchInvoke(services.handlers, 'profiles:save', {
      name: 'Office',
      baseUrl: 'http://gateway.office.lan:8080/v1',
    })
    expect(remote).toMatchObject({ ok: true, value: { baseUrl: 'http://gateway.office.lan:8080/v1' } })
    expect((remote as { value: { warnings: string[] } }).value.warnings).toEqual([
      expect.stringMatching(/^Plain http:\/\/ to gateway\.office\.lan:8080: .*unencrypted/),
    ])
    const loopback = await dispatchInvoke(services.handlers, 'profiles:save', {
      name: 'Here',
      baseUrl: 'http://127.0.0.1:9999/v1',
    })
    expect((loopback as { value: { warnings?: string[] } }).value.warnings).toBeUndefined()
  })
})
