import {
  chmod,
  copyFile,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  stat,
  truncate,
  utimes,
  writeFile,
} from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createJsonDirectoryStore, InvalidDocumentError } from './create-json-directory-store'
import { InvalidDocumentIdError } from './document-id'

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '__fixtures__')

const conversationSchema = z.object({
  title: z.string(),
  messages: z.array(z.object({ role: z.enum(['user', 'assistant']), content: z.string() })),
})
type Conversation = z.infer<typeof conversationSchema>

const hello: Conversation = { title: 'Hello', messages: [{ role: 'user', content: 'Hi — “quoted” ✓ 🔑' }] }
const second: Conversation = { title: 'Second', messages: [] }

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'json-store-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

const open = () => createJsonDirectoryStore({ dir, schema: conversationSchema, extension: '.json' })

describe('createJsonDirectoryStore', () => {
  it('round-trips documents through the disk, across store instances', async () => {
    const store = await open()
    await store.write('conv-b', second)
    await store.write('conv-a', hello)
    await expect(store.read('conv-a')).resolves.toEqual(hello)
    const reopened = await open()
    await expect(reopened.list()).resolves.toEqual([
      { id: 'conv-a', value: hello },
      { id: 'conv-b', value: second },
    ])
    expect((await readdir(dir)).sort()).toEqual(['conv-a.json', 'conv-b.json'])
  })

  it('replaces a document and removes it', async () => {
    const store = await open()
    await store.write('conv', hello)
    await store.write('conv', second)
    await expect(store.read('conv')).resolves.toEqual(second)
    await expect(store.remove('conv')).resolves.toBe(true)
    await expect(store.read('conv')).resolves.toBeNull()
    await expect(store.remove('conv')).resolves.toBe(false)
    await expect(readdir(dir)).resolves.toEqual([])
  })

  it('creates its folder when it does not exist yet', async () => {
    const nested = path.join(dir, 'history', 'v1')
    const store = await createJsonDirectoryStore({ dir: nested, schema: conversationSchema })
    await store.write('conv', hello)
    await expect(readdir(nested)).resolves.toEqual(['conv.json'])
  })

  it('refuses ids that could reach outside its folder, and writes nothing', async () => {
    const inner = path.join(dir, 'inner')
    const store = await createJsonDirectoryStore({ dir: inner, schema: conversationSchema })
    for (const id of [
      '../escape',
      '..',
      '.',
      'a/b',
      'a\\b',
      '/etc/passwd',
      'C:evil',
      'a.json',
      '',
      'x'.repeat(129),
      'é',
    ]) {
      await expect(store.write(id, hello), id).rejects.toBeInstanceOf(InvalidDocumentIdError)
      await expect(store.read(id), id).rejects.toBeInstanceOf(InvalidDocumentIdError)
      await expect(store.remove(id), id).rejects.toBeInstanceOf(InvalidDocumentIdError)
    }
    await expect(readdir(dir)).resolves.toEqual(['inner'])
    await expect(readdir(inner)).resolves.toEqual([])
  })

  it('refuses to write a document its own schema would reject on the next open', async () => {
    const store = await open()
    await expect(store.write('conv', { title: 7 } as unknown as Conversation)).rejects.toBeInstanceOf(
      InvalidDocumentError,
    )
    await expect(readdir(dir)).resolves.toEqual([])
  })

  it('quarantines corrupt and schema-invalid files at open, keeping their bytes, and loads the rest', async () => {
    await copyFile(path.join(fixtures, 'truncated-conversation.json.txt'), path.join(dir, 'broken.json'))
    await copyFile(path.join(fixtures, 'conversation-of-another-shape.json'), path.join(dir, 'odd.json'))
    await copyFile(path.join(fixtures, 'valid-conversation.json'), path.join(dir, 'good.json'))
    await writeFile(path.join(dir, 'empty.json'), '')

    const store = await open()

    await expect(store.list()).resolves.toEqual([
      { id: 'good', value: { title: 'Written by hand', messages: [{ role: 'user', content: 'héllo ✓' }] } },
    ])
    const quarantined = store.quarantined()
    expect(quarantined.map((file) => path.basename(file).replace(/\.corrupt-.*$/, '')).sort()).toEqual([
      'broken.json',
      'empty.json',
      'odd.json',
    ])
    for (const file of quarantined) {
      expect(path.dirname(file)).toBe(dir)
      expect(path.basename(file)).toMatch(/^[a-z]+\.json\.corrupt-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z$/)
    }
    const original = (name: string) => readFile(path.join(fixtures, name), 'utf8')
    const moved = (name: string) =>
      readFile(quarantined.find((file) => path.basename(file).startsWith(name)) ?? '', 'utf8')
    await expect(moved('broken.json')).resolves.toBe(await original('truncated-conversation.json.txt'))
    await expect(moved('odd.json')).resolves.toBe(await original('conversation-of-another-shape.json'))
    await expect(moved('empty.json')).resolves.toBe('')

    // Told once: a later open finds nothing new to report, and the quarantined files stay put.
    const reopened = await open()
    expect(reopened.quarantined()).toEqual([])
    expect((await readdir(dir)).filter((name) => name.includes('.corrupt-'))).toHaveLength(3)
  })

  it('quarantines a file damaged while the app runs when it is next read', async () => {
    const store = await open()
    await store.write('conv', hello)
    await writeFile(path.join(dir, 'conv.json'), '{"title": "Hel')
    await expect(store.read('conv')).resolves.toBeNull()
    expect(store.quarantined()).toHaveLength(1)
    await expect(readFile(store.quarantined()[0] ?? '', 'utf8')).resolves.toBe('{"title": "Hel')
    // The id is free again.
    await store.write('conv', second)
    await expect(store.read('conv')).resolves.toEqual(second)
  })

  it('sweeps temp files left by interrupted writes at open, and nothing else', async () => {
    await writeFile(path.join(dir, 'conv.json'), JSON.stringify(hello))
    // write-file-atomic's temp naming: `<target>.<uint32>`; these are what a crash mid-write leaves.
    await writeFile(path.join(dir, 'conv.json.3735928559'), '{"title": "half')
    await writeFile(path.join(dir, 'new-conv.json.12'), '')
    const unrelated = [
      'notes.txt',
      'conv.json.bak',
      'settings.txt.123',
      'conv.json.corrupt-2024-01-01T00-00-00-000Z',
    ]
    for (const name of unrelated) await writeFile(path.join(dir, name), 'keep me')

    const store = await open()

    expect((await readdir(dir)).sort()).toEqual(['conv.json', ...unrelated].sort())
    await expect(store.list()).resolves.toEqual([{ id: 'conv', value: hello }])
    expect(store.quarantined()).toEqual([])
  })

  it('keeps the latest of concurrent writes to one document, with no temp file left', async () => {
    const store = await open()
    const versions = Array.from({ length: 20 }, (_, index) => ({ title: `v${index}`, messages: [] }))
    await Promise.all(versions.map((version) => store.write('conv', version)))
    await expect(store.read('conv')).resolves.toEqual(versions.at(-1))
    await expect(readdir(dir)).resolves.toEqual(['conv.json'])
  })

  it('accepts another extension and ignores files of other extensions', async () => {
    await writeFile(path.join(dir, 'other.json'), 'not even json')
    const store = await createJsonDirectoryStore({ dir, schema: conversationSchema, extension: '.conv' })
    await store.write('a', hello)
    await expect(store.list()).resolves.toEqual([{ id: 'a', value: hello }])
    expect(store.quarantined()).toEqual([])
    await expect(readFile(path.join(dir, 'other.json'), 'utf8')).resolves.toBe('not even json')
  })

  it('sets aside a document too large to load, keeping it whole, and still opens', async () => {
    await writeFile(path.join(dir, 'good.json'), JSON.stringify(hello))
    // 600 MB, sparse (no disk used): larger than a JavaScript string can hold. Before, the open threw
    // "Invalid string length" without naming the file, and the app did not start.
    const huge = path.join(dir, 'huge.json')
    await writeFile(huge, '')
    await truncate(huge, 600 * 1024 * 1024)
    const store = await open()
    await expect(store.list()).resolves.toEqual([{ id: 'good', value: hello }])
    const [setAside, ...others] = store.quarantined()
    expect(others).toEqual([])
    expect(path.basename(setAside ?? '')).toMatch(/^huge\.json\.too-large-\d{4}-\d\d-\d\dT[\d-]+Z$/)
    expect((await stat(setAside ?? '')).size).toBe(600 * 1024 * 1024)
    // Told once: the next open has nothing new to report.
    expect((await open()).quarantined()).toEqual([])
  })

  it('honours a lower cap, and loads a document exactly at it', async () => {
    const text = JSON.stringify(hello)
    await writeFile(path.join(dir, 'at-cap.json'), text)
    await writeFile(path.join(dir, 'over-cap.json'), `${text} `)
    const maxFileBytes = Buffer.byteLength(text)
    const store = await createJsonDirectoryStore({ dir, schema: conversationSchema, maxFileBytes })
    await expect(store.list()).resolves.toEqual([{ id: 'at-cap', value: hello }])
    expect(store.quarantined().map((file) => path.basename(file).split('.too-large-')[0])).toEqual([
      'over-cap.json',
    ])
  })

  it.skipIf(process.platform === 'win32')(
    'keeps documents 0600 in a 0700 folder, tightening older ones',
    async () => {
      const modeOf = async (file: string) => ((await stat(file)).mode & 0o777).toString(8)
      const fresh = path.join(dir, 'fresh', 'nested')
      const store = await createJsonDirectoryStore({ dir: fresh, schema: conversationSchema })
      await store.write('conv', hello)
      expect(await modeOf(fresh)).toBe('700')
      expect(await modeOf(path.join(fresh, 'conv.json'))).toBe('600')

      // What an older version left: a 0755 folder of 0644 files.
      const old = path.join(dir, 'old')
      await mkdir(old, { mode: 0o755 })
      await chmod(old, 0o755)
      await writeFile(path.join(old, 'a.json'), JSON.stringify(hello), { mode: 0o644 })
      await writeFile(path.join(old, 'b.json'), JSON.stringify(second), { mode: 0o644 })
      await chmod(path.join(old, 'b.json'), 0o644)
      const reopened = await createJsonDirectoryStore({ dir: old, schema: conversationSchema })
      expect(await modeOf(old)).toBe('700')
      expect(await modeOf(path.join(old, 'a.json'))).toBe('600')
      // A save replaces the file: write-file-atomic would otherwise copy the old file's mode.
      await chmod(path.join(old, 'b.json'), 0o644)
      await reopened.write('b', second)
      expect(await modeOf(path.join(old, 'b.json'))).toBe('600')
    },
  )

  it('lists summaries without re-reading files that did not change', async () => {
    const reads: string[] = []
    const past = new Date(Date.now() - 60_000)
    for (const id of ['a', 'b', 'c']) {
      await writeFile(path.join(dir, `${id}.json`), JSON.stringify({ ...hello, title: id }))
      await utimes(path.join(dir, `${id}.json`), past, past)
    }
    const store = await createJsonDirectoryStore({
      dir,
      schema: conversationSchema,
      summarize: (value) => value.title,
      onFileRead: (id) => reads.push(id),
    })
    expect(reads.sort()).toEqual(['a', 'b', 'c'])
    reads.length = 0

    const titles = async () => (await store.summaries()).map(({ id, summary }) => `${id}:${summary}`)
    await expect(titles()).resolves.toEqual(['a:a', 'b:b', 'c:c'])
    expect(reads).toEqual([])

    // Changed by another program (dated a moment ago, not this very tick): read again, that file only.
    await writeFile(path.join(dir, 'b.json'), JSON.stringify({ ...hello, title: 'b2' }))
    const earlier = new Date(Date.now() - 30_000)
    await utimes(path.join(dir, 'b.json'), earlier, earlier)
    await expect(titles()).resolves.toEqual(['a:a', 'b:b2', 'c:c'])
    expect(reads).toEqual(['b'])
    reads.length = 0

    // Our own writes and removals keep the cache current without a read.
    await store.write('d', { ...hello, title: 'd' })
    await store.remove('a')
    await expect(titles()).resolves.toEqual(['b:b2', 'c:c', 'd:d'])
    expect(reads).toEqual([])

    // A file damaged meanwhile is set aside when listing, like when reading.
    await writeFile(path.join(dir, 'c.json'), '{"title": "c')
    await expect(titles()).resolves.toEqual(['b:b2', 'd:d'])
    expect(store.quarantined().map((file) => path.basename(file).split('.corrupt-')[0])).toEqual(['c.json'])
  })
})
