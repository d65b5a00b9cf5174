import { mkdir, mkdtemp, readdir, rm, stat, truncate, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it, onTestFinished } from 'vitest'
import { dispatchInvoke } from '../ipc/dispatch'
import { memorySecrets } from '@test/support/memory-secrets'
import { REQUEST } from '../ipc/handlers/__fixtures__/handler-fixtures'
import { createAppServices, type AppServices } from './create-app-services'

// The composition: real services wired to every domain's handlers. What each domain's handlers do
// is tested next to them (src/main/ipc/handlers/*.test.ts).
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

  it("copies the command with the running local gateway's address and generated key", async () => {
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
})
