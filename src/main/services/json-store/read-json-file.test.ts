import { execFileSync } from 'node:child_process'
import { chmod, mkdtemp, readdir, readFile, rm, stat, symlink, truncate, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { readJsonFile } from './read-json-file'
import { writeJsonFileAtomic } from './write-json-file-atomic'

const settingsSchema = z.object({ theme: z.enum(['light', 'dark']), fontSize: z.number().int() })

let dir: string
let settingsPath: string
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'json-file-'))
  settingsPath = path.join(dir, 'settings.json')
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('readJsonFile / writeJsonFileAtomic', () => {
  it('round-trips a settings file', async () => {
    await writeJsonFileAtomic(settingsPath, { theme: 'dark', fontSize: 14 })
    await expect(readJsonFile(settingsPath, settingsSchema)).resolves.toEqual({
      status: 'ok',
      value: { theme: 'dark', fontSize: 14 },
    })
    // Human-readable on disk, and no temp file left next to it.
    await expect(readFile(settingsPath, 'utf8')).resolves.toBe('{\n  "theme": "dark",\n  "fontSize": 14\n}\n')
    await expect(readdir(dir)).resolves.toEqual(['settings.json'])
  })

  it('reports a missing file, and a missing folder, as missing', async () => {
    await expect(readJsonFile(settingsPath, settingsSchema)).resolves.toEqual({ status: 'missing' })
    await expect(readJsonFile(path.join(dir, 'nope', 'settings.json'), settingsSchema)).resolves.toEqual({
      status: 'missing',
    })
  })

  it('creates the parent folder on first write', async () => {
    const nested = path.join(dir, 'profile', 'settings.json')
    await writeJsonFileAtomic(nested, { theme: 'light', fontSize: 12 })
    await expect(readJsonFile(nested, settingsSchema)).resolves.toMatchObject({ status: 'ok' })
  })

  it('refuses a value that is not JSON instead of writing "undefined"', async () => {
    await expect(writeJsonFileAtomic(settingsPath, undefined)).rejects.toThrow(TypeError)
    await expect(readdir(dir)).resolves.toEqual([])
  })

  it('quarantines an unparsable or invalid file and says why, keeping its bytes', async () => {
    await writeFile(settingsPath, '{"theme": "dark", "fontSi')
    const broken = await readJsonFile(settingsPath, settingsSchema)
    expect(broken).toMatchObject({ status: 'quarantined', problem: expect.stringMatching(/^not valid JSON/) })
    if (broken.status !== 'quarantined') throw new Error('unreachable')
    await expect(readFile(broken.quarantinedAs, 'utf8')).resolves.toBe('{"theme": "dark", "fontSi')

    await writeFile(settingsPath, '{"theme": "sepia", "fontSize": 14}')
    const invalid = await readJsonFile(settingsPath, settingsSchema)
    expect(invalid).toMatchObject({
      status: 'quarantined',
      problem: expect.stringMatching(/^unexpected content \(theme: /),
    })

    // Both kept side by side; the settings file itself is gone so defaults apply.
    const names = await readdir(dir)
    expect(names.filter((name) => name.startsWith('settings.json.corrupt-'))).toHaveLength(2)
    expect(names).not.toContain('settings.json')
  })

  it('accepts a file an editor saved with a byte order mark', async () => {
    await writeFile(settingsPath, '\uFEFF{"theme": "light", "fontSize": 13}')
    await expect(readJsonFile(settingsPath, settingsSchema)).resolves.toEqual({
      status: 'ok',
      value: { theme: 'light', fontSize: 13 },
    })
  })

  it('sweeps leftover temp files of this file only', async () => {
    await writeJsonFileAtomic(settingsPath, { theme: 'dark', fontSize: 14 })
    await writeFile(path.join(dir, 'settings.json.2882343476'), '{"theme": "li')
    await writeFile(path.join(dir, 'profiles.json.2882343476'), 'belongs to another file')
    await expect(readJsonFile(settingsPath, settingsSchema)).resolves.toMatchObject({ status: 'ok' })
    expect((await readdir(dir)).sort()).toEqual(['profiles.json.2882343476', 'settings.json'])
  })

  it('sets aside a file above the cap unread, saying why, and starts from defaults', async () => {
    await writeFile(settingsPath, '')
    await truncate(settingsPath, 700 * 1024 * 1024)
    const result = await readJsonFile(settingsPath, settingsSchema)
    expect(result).toMatchObject({
      status: 'quarantined',
      problem: expect.stringMatching(/^too large \(734003200 bytes/),
    })
    if (result.status !== 'quarantined') throw new Error('unreachable')
    expect(path.basename(result.quarantinedAs)).toMatch(/^settings\.json\.too-large-/)
    expect((await stat(result.quarantinedAs)).size).toBe(700 * 1024 * 1024)
    await expect(readJsonFile(settingsPath, settingsSchema)).resolves.toEqual({ status: 'missing' })

    const small = JSON.stringify({ theme: 'dark', fontSize: 1 })
    await writeFile(settingsPath, small)
    await expect(
      readJsonFile(settingsPath, settingsSchema, { maxBytes: small.length }),
    ).resolves.toMatchObject({
      status: 'ok',
    })
    await expect(
      readJsonFile(settingsPath, settingsSchema, { maxBytes: small.length - 1 }),
    ).resolves.toMatchObject({
      status: 'quarantined',
    })
  })

  it.skipIf(process.platform === 'win32')(
    "writes 0600 and tightens a 0644 file from before, not a symlink's target",
    async () => {
      const modeOf = async (file: string) => ((await stat(file)).mode & 0o777).toString(8)
      await writeJsonFileAtomic(settingsPath, { theme: 'dark', fontSize: 14 })
      expect(await modeOf(settingsPath)).toBe('600')

      await chmod(settingsPath, 0o644)
      await expect(readJsonFile(settingsPath, settingsSchema)).resolves.toMatchObject({ status: 'ok' })
      expect(await modeOf(settingsPath)).toBe('600')

      // A settings file the user keeps elsewhere and links in (dotfiles): the target's mode is theirs.
      const linked = path.join(dir, 'linked.json')
      const target = path.join(dir, 'dotfiles-settings.json')
      await writeFile(target, JSON.stringify({ theme: 'light', fontSize: 12 }), { mode: 0o644 })
      await chmod(target, 0o644)
      await symlink(target, linked)
      await expect(readJsonFile(linked, settingsSchema)).resolves.toMatchObject({ status: 'ok' })
      expect(await modeOf(target)).toBe('644')
    },
  )

  it.skipIf(process.platform === 'win32')(
    'sets aside a settings "file" that cannot be read, instead of hanging',
    async () => {
      // A FIFO: reading it would wait forever for a writer, and startup with it.
      execFileSync('mkfifo', [settingsPath])
      const result = await readJsonFile(settingsPath, settingsSchema)
      expect(result).toMatchObject({ status: 'quarantined', problem: 'not a regular file' })
      if (result.status !== 'quarantined') throw new Error('unreachable')
      expect(path.basename(result.quarantinedAs)).toMatch(/^settings\.json\.unreadable-/)
      expect((await stat(result.quarantinedAs)).isFIFO()).toBe(true)
    },
  )
})
