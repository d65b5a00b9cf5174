import { execFileSync } from 'node:child_process'
import { mkdtemp, open, rm, truncate, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MAX_TEXT_FILE_BYTES, readCappedTextFile } from './read-capped-text-file'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'capped-read-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('readCappedTextFile', () => {
  it('reads a file up to the cap, byte for byte, and refuses one byte more without reading it', async () => {
    const file = path.join(dir, 'doc.json')
    const text = '{"t":"héllo ✓ 🔑"}'
    await writeFile(file, text)
    const bytes = Buffer.byteLength(text)
    await expect(readCappedTextFile(file, bytes)).resolves.toMatchObject({ kind: 'ok', text, bytes })
    await expect(readCappedTextFile(file, bytes - 1)).resolves.toEqual({ kind: 'too-large', bytes })
  })

  it('refuses a file larger than a JavaScript string can hold whatever the cap, instantly', async () => {
    // Sparse: no disk space used. Before, readFile on it threw "Invalid string length" at startup.
    const file = path.join(dir, 'huge.json')
    await writeFile(file, '')
    await truncate(file, MAX_TEXT_FILE_BYTES + 1)
    await expect(readCappedTextFile(file, Number.MAX_SAFE_INTEGER)).resolves.toEqual({
      kind: 'too-large',
      bytes: MAX_TEXT_FILE_BYTES + 1,
    })
  })

  it('reports a missing file as missing', async () => {
    await expect(readCappedTextFile(path.join(dir, 'none.json'), 100)).resolves.toEqual({ kind: 'missing' })
  })

  it('gives two versions of a file different identities, and an untouched file the same one', async () => {
    const file = path.join(dir, 'doc.json')
    await writeFile(file, 'one')
    const first = await readCappedTextFile(file, 100)
    const again = await readCappedTextFile(file, 100)
    const handle = await open(file, 'r+')
    await handle.write('two', 0)
    // An edit in place to the same size, dated as if made at another moment.
    await handle.utimes(new Date(2020, 0, 1), new Date(2020, 0, 1))
    await handle.close()
    const second = await readCappedTextFile(file, 100)
    if (first.kind !== 'ok' || again.kind !== 'ok' || second.kind !== 'ok') throw new Error('unreadable')
    expect(again.identity).toEqual(first.identity)
    expect(second.identity.key).not.toBe(first.identity.key)
    expect(second.text).toBe('two')
  })

  it.skipIf(process.platform === 'win32')('does not hang on a FIFO named like a document', async () => {
    const fifo = path.join(dir, 'settings.json')
    execFileSync('mkfifo', [fifo])
    await expect(readCappedTextFile(fifo, 100)).resolves.toEqual({
      kind: 'unreadable',
      problem: 'not a regular file',
    })
  })
})
