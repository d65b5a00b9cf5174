import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { atomicTempFileTarget, sweepAtomicTempFiles, trackAtomicWrite } from './atomic-temp-files'
import { writeJsonFileAtomic } from './write-json-file-atomic'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'atomic-temp-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('atomicTempFileTarget', () => {
  it('recognises write-file-atomic temp names and nothing else', () => {
    expect(atomicTempFileTarget('conv.json.4294967295')).toBe('conv.json')
    expect(atomicTempFileTarget('conv.json.0')).toBe('conv.json')
    expect(atomicTempFileTarget('conv.json')).toBeNull()
    expect(atomicTempFileTarget('conv.json.bak')).toBeNull()
    expect(atomicTempFileTarget('conv.json.corrupt-2024-01-01T00-00-00-000Z-1')).toBeNull()
  })
})

describe('sweepAtomicTempFiles', () => {
  it('leaves the temp file of a write still in progress in this process', async () => {
    const target = path.join(dir, 'conv.json')
    await trackAtomicWrite(target, async () => {
      await writeFile(`${target}.1234`, 'being written')
      await expect(sweepAtomicTempFiles(dir, () => true)).resolves.toEqual([])
    })
    await expect(sweepAtomicTempFiles(dir, () => true)).resolves.toEqual(['conv.json.1234'])
    await expect(readdir(dir)).resolves.toEqual([])
  })

  it('does not break writes that run while another store opens the same folder', async () => {
    const writes = Array.from({ length: 30 }, (_, index) =>
      writeJsonFileAtomic(path.join(dir, `d${index}.json`), { index }),
    )
    const sweeps = Array.from({ length: 10 }, () => sweepAtomicTempFiles(dir, () => true))
    await Promise.all([...writes, ...sweeps])
    expect((await readdir(dir)).sort()).toEqual(
      Array.from({ length: 30 }, (_, index) => `d${index}.json`).sort(),
    )
  })
})
