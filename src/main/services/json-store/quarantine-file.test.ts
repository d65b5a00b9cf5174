import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { quarantineFile } from './quarantine-file'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'quarantine-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('quarantineFile', () => {
  it('renames to <name>.corrupt-<timestamp> and never overwrites an earlier one', async () => {
    const now = new Date('2024-05-01T12:34:56.789Z')
    const file = path.join(dir, 'conv.json')
    await writeFile(file, 'first')
    const first = await quarantineFile(file, now)
    await writeFile(file, 'second')
    const second = await quarantineFile(file, now)

    expect(path.basename(first)).toBe('conv.json.corrupt-2024-05-01T12-34-56-789Z')
    expect(path.basename(second)).toBe('conv.json.corrupt-2024-05-01T12-34-56-789Z-1')
    await expect(readFile(first, 'utf8')).resolves.toBe('first')
    await expect(readFile(second, 'utf8')).resolves.toBe('second')
    expect((await readdir(dir)).sort()).toEqual([path.basename(first), path.basename(second)])
  })
})
