import { mkdtemp, readdir, readFile, rm, unlink, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import fc from 'fast-check'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Conversation } from '@shared/history/conversation'
import { appendSince } from '@shared/history/conversation-append'
import { createHistoryService } from './history-service'

let userDataDir: string
beforeEach(async () => {
  userDataDir = await mkdtemp(path.join(tmpdir(), 'history-'))
})
afterEach(async () => {
  await rm(userDataDir, { recursive: true, force: true })
})

function conversation(id: string, title: string, messages = 1, text = 'Hi'): Conversation {
  return {
    version: 1,
    id,
    title,
    createdAt: 1,
    updatedAt: 1000 + title.length,
    system: '',
    params: { stop: [], stream: true },
    panes: [
      {
        id: 'pane-1',
        dialect: 'openai-chat',
        model: 'model-a',
        messages: Array.from({ length: messages }, (_, index) => ({
          id: `m${index}`,
          role: 'user' as const,
          content: [{ type: 'text' as const, text }],
        })),
      },
    ],
  }
}

/** Writes a conversation file as another program would, dated `secondsAgo` (so no longer changing). */
async function writeExternally(value: Conversation, secondsAgo: number): Promise<void> {
  const file = path.join(userDataDir, 'conversations', `${value.id}.json`)
  await writeFile(file, JSON.stringify(value))
  const when = new Date(Date.now() - secondsAgo * 1000)
  await utimes(file, when, when)
}

describe('history:list at size', () => {
  it('lists a 50 MB conversation without reading it again', async () => {
    const dir = path.join(userDataDir, 'conversations')
    await (await createHistoryService({ userDataDir })).save(conversation('small', 'Small'))
    // Saved by an earlier run of the app, a minute ago (a file changed this very moment is re-read).
    const aMinuteAgo = new Date(Date.now() - 60_000)
    await utimes(path.join(dir, 'small.json'), aMinuteAgo, aMinuteAgo)
    // One message of 50 MB: the size of a conversation with a large pasted log, generated in one go.
    await writeExternally(conversation('big', 'Big', 1, 'x'.repeat(50 * 1024 * 1024)), 60)
    const reads: { id: string; bytes: number }[] = []
    const history = await createHistoryService({
      userDataDir,
      onFileRead: (id, bytes) => reads.push({ id, bytes }),
    })
    // Startup reads each file once (that is how damaged ones are found)…
    expect(reads.map(({ id }) => id).sort()).toEqual(['big', 'small'])
    expect(reads.find(({ id }) => id === 'big')?.bytes).toBeGreaterThan(50 * 1024 * 1024)
    reads.length = 0

    // …and listing, however often, reads none of them again.
    const first = await history.list()
    const secondList = await history.list()
    expect(reads).toEqual([])
    expect(secondList).toEqual(first)
    expect(first.map(({ id, messageCount }) => [id, messageCount])).toEqual([
      ['small', 1],
      ['big', 1],
    ])

    // A save (as after every reply) leaves the list current without reading anything.
    await history.save(conversation('small', 'Small, renamed', 3))
    expect((await history.list()).find(({ id }) => id === 'small')).toMatchObject({
      title: 'Small, renamed',
      messageCount: 3,
    })
    expect(reads).toEqual([])
    expect((await readdir(dir)).sort()).toEqual(['big.json', 'small.json'])
  }, 60_000)
})

describe('import', () => {
  it('the same file twice makes one entry; an export of a conversation still here never overwrites it', async () => {
    const history = await createHistoryService({ userDataDir })
    const original = conversation('c1', 'Exported', 2)
    await history.save(original)
    const file = (await history.exportJson('c1')).json
    const first = await history.importJson(file)
    const second = await history.importJson(file)
    expect(second.id).toBe(first.id)
    expect(first.id).not.toBe('c1')
    expect((await history.list()).map((summary) => summary.id).sort()).toEqual(['c1', first.id].sort())
    await expect(history.get('c1')).resolves.toEqual(original)
    // A file that differs in its content is another conversation.
    const edited = await history.importJson(file.replace('"Exported"', '"Exported, edited"'))
    expect(edited.id).not.toBe(first.id)
    expect(await history.list()).toHaveLength(3)
  })
})

describe('the conversation size cap', () => {
  it('refuses to save or import what the next start would set aside, keeping the saved version', async () => {
    const history = await createHistoryService({ userDataDir, maxConversationBytes: 4096 })
    await history.save(conversation('c1', 'Fits'))
    const tooBig = conversation('c1', 'Too big', 1, 'x'.repeat(5000))
    await expect(history.save(tooBig)).rejects.toMatchObject({
      code: 'conversation_too_large',
      message: expect.stringContaining('PLAYGROUND_MAX_CONVERSATION_MB'),
    })
    await expect(history.importJson(JSON.stringify(tooBig))).rejects.toMatchObject({
      code: 'conversation_too_large',
    })
    await expect(history.get('c1')).resolves.toMatchObject({ title: 'Fits' })
    expect(await readdir(path.join(userDataDir, 'conversations'))).toEqual(['c1.json'])
    expect((await createHistoryService({ userDataDir, maxConversationBytes: 4096 })).quarantined()).toEqual(
      [],
    )
  })
})

type Step =
  | { kind: 'save'; id: string; title: string; messages: number }
  | { kind: 'rename'; id: string; title: string }
  | { kind: 'delete'; id: string }
  | { kind: 'edit-externally'; id: string; title: string; messages: number }
  | { kind: 'delete-externally'; id: string }

const ids = fc.constantFrom('c1', 'c2', 'c3')
const titles = fc.string({ maxLength: 12 })
const messages = fc.integer({ min: 1, max: 4 })
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('save' as const), id: ids, title: titles, messages }),
  fc.record({ kind: fc.constant('rename' as const), id: ids, title: titles }),
  fc.record({ kind: fc.constant('delete' as const), id: ids }),
  fc.record({ kind: fc.constant('edit-externally' as const), id: ids, title: titles, messages }),
  fc.record({ kind: fc.constant('delete-externally' as const), id: ids }),
)

describe('the summary cache', () => {
  it('always lists what a fresh, uncached read of the folder lists', async () => {
    let run = 0
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 12 }), async (steps) => {
        const dataDir = path.join(userDataDir, `run-${run++}`)
        const history = await createHistoryService({ userDataDir: dataDir })
        const file = (id: string) => path.join(dataDir, 'conversations', `${id}.json`)
        // External edits get distinct dates, as edits made at different moments have.
        let secondsAgo = 10_000
        for (const current of steps) {
          switch (current.kind) {
            case 'save':
              await history.save(conversation(current.id, current.title, current.messages))
              break
            case 'rename':
              await history.rename(current.id, current.title).catch(() => undefined)
              break
            case 'delete':
              await history.remove(current.id).catch(() => undefined)
              break
            case 'edit-externally': {
              const value = conversation(current.id, current.title, current.messages)
              await writeFile(file(current.id), JSON.stringify(value))
              const when = new Date(Date.now() - (secondsAgo -= 7) * 1000)
              await utimes(file(current.id), when, when)
              break
            }
            case 'delete-externally':
              await unlink(file(current.id)).catch(() => undefined)
              break
          }
          const cached = await history.list()
          const fresh = await (await createHistoryService({ userDataDir: dataDir })).list()
          expect(cached).toEqual(fresh)
        }
      }),
      { numRuns: 40 },
    )
  }, 60_000)
})

describe('incremental saves (history:append)', () => {
  const journalFile = () => path.join(userDataDir, 'conversations', 'c.journal')
  const documentFile = () => path.join(userDataDir, 'conversations', 'c.json')
  const reply = (id: string, text: string) => ({
    id,
    role: 'assistant' as const,
    content: [{ type: 'text' as const, text }],
  })
  /** `saved` plus one message at the end of its pane, as the renderer's next state. */
  function withMessage(saved: Conversation, id: string, text: string): Conversation {
    const pane = saved.panes[0]!
    return {
      ...saved,
      updatedAt: saved.updatedAt + 1,
      panes: [{ ...pane, messages: [...pane.messages, reply(id, text)] }],
    }
  }

  it('appends new turns to a journal without rewriting the file, and every reader sees them', async () => {
    const history = await createHistoryService({ userDataDir })
    const saved = conversation('c', 'Chat', 3)
    await history.save(saved)
    const documentBefore = await readFile(documentFile(), 'utf8')
    const next = withMessage(saved, 'r1', 'Hello back')
    await history.append(appendSince(saved, next)!)

    expect(await readFile(documentFile(), 'utf8')).toBe(documentBefore)
    expect(await history.get('c')).toEqual(next)
    expect((await history.list()).find((s) => s.id === 'c')?.messageCount).toBe(4)
    // A restart folds the journal into the file.
    const restarted = await createHistoryService({ userDataDir })
    expect(await restarted.get('c')).toEqual(next)
    expect(await readdir(path.join(userDataDir, 'conversations'))).not.toContain('c.journal')
  })

  it('lists a conversation being appended to from memory, even when its file was not summarized yet', async () => {
    // Written a moment ago by another program: too recent for startup to keep its summary, so a list
    // would read it again. The list after an append (a send) must not: main's thread would stall on it.
    const saved = conversation('c', 'Chat', 3, 'x'.repeat(1024 * 1024))
    await createHistoryService({ userDataDir })
    await writeExternally(saved, 0)
    const reads: string[] = []
    const history = await createHistoryService({ userDataDir, onFileRead: (id) => reads.push(id) })
    const opened = await history.get('c')
    await history.current('c')
    reads.length = 0
    const next = withMessage(opened, 'r1', 'Hello back')
    await history.append(appendSince(opened, next)!)
    expect((await history.list()).map(({ id, messageCount }) => [id, messageCount])).toEqual([['c', 4]])
    expect(reads).toEqual([])
  })

  it('keeps listing what a journaled conversation holds after other conversations took its place in memory', async () => {
    // The daily-use report: many turns in A, then B and C opened; A's card said "1 message".
    const history = await createHistoryService({ userDataDir })
    const first = conversation('c', 'A', 1)
    let a: Conversation = { ...first, panes: [{ ...first.panes[0]!, model: 'vendora' }] }
    await history.save(a)
    for (let turn = 0; turn < 5; turn++) {
      const next = withMessage(a, `r${turn}`, 'answer')
      // The pane moved to another model halfway: the card names the one it uses now.
      if (turn === 2) next.panes = [{ ...next.panes[0]!, model: 'vendorb' }]
      await history.append(appendSince(a, next)!)
      a = next
    }
    await history.save(conversation('b', 'B', 2))
    await history.save(conversation('d', 'D', 3))
    const listed = (await history.list()).find((summary) => summary.id === 'c')
    expect(listed).toMatchObject({ messageCount: 6, models: ['vendorb'] })
    // Opening it folds the journal: the list says the same from the file.
    expect((await history.get('c')).panes[0]?.messages).toHaveLength(6)
    expect((await history.list()).find((summary) => summary.id === 'c')).toMatchObject({ messageCount: 6 })
  })

  it('a conversation just opened takes its first append without reading its file again', async () => {
    const saved = conversation('c', 'Chat', 3)
    await (await createHistoryService({ userDataDir })).save(saved)
    const reads: { id: string; bytes: number }[] = []
    const history = await createHistoryService({
      userDataDir,
      onFileRead: (id, bytes) => reads.push({ id, bytes }),
    })
    await history.get('c')
    // The digest the first append's journal header needs is taken after the open, in the queue.
    await history.current('c')
    reads.length = 0
    const next = withMessage(saved, 'r1', 'Hello back')
    await history.append(appendSince(saved, next)!)
    expect(reads).toEqual([])
    // The journal still names the file it extends: a restart folds it in.
    const restarted = await createHistoryService({ userDataDir })
    expect(await restarted.get('c')).toEqual(next)
  })

  it('reads the file for the digest again when it changed after the open (another writer)', async () => {
    const saved = conversation('c', 'Chat', 3)
    const history = await createHistoryService({ userDataDir })
    await history.save(saved)
    await history.get('c')
    await history.current('c')
    const replaced = conversation('c', 'Chat, replaced', 3)
    await writeFile(documentFile(), JSON.stringify(replaced))
    await utimes(documentFile(), new Date(Date.now() + 5_000), new Date(Date.now() + 5_000))
    const next = withMessage(saved, 'r1', 'Hello back')
    await history.append(appendSince(saved, next)!)
    // The journal's header names the file as it is now: a restart applies the append to it.
    const restarted = await createHistoryService({ userDataDir })
    expect((await restarted.get('c')).panes[0]?.messages.map((m) => m.id)).toEqual(
      next.panes[0]?.messages.map((m) => m.id),
    )
  })

  it('after a crash mid-append, loads the file plus the appends written whole', async () => {
    const history = await createHistoryService({ userDataDir })
    const states = [conversation('c', 'Chat', 1)]
    await history.save(states[0]!)
    for (let n = 0; n < 3; n++) {
      const next = withMessage(states[n]!, `r${n}`, `reply ${n}`)
      await history.append(appendSince(states[n]!, next)!)
      states.push(next)
    }
    // Cut the last append short, as a crash during its write would.
    const journal = await readFile(journalFile(), 'utf8')
    await writeFile(journalFile(), journal.slice(0, journal.length - 10))
    const restarted = await createHistoryService({ userDataDir })
    expect(await restarted.get('c')).toEqual(states[2])
    expect(await restarted.quarantined()).toEqual([])
  })

  it('never applies a journal left behind by a crash after a full save replaced the file', async () => {
    const history = await createHistoryService({ userDataDir })
    const saved = conversation('c', 'Chat', 2)
    await history.save(saved)
    await history.append(appendSince(saved, withMessage(saved, 'r1', 'appended'))!)
    const journal = await readFile(journalFile(), 'utf8')
    // The user deletes the appended turn (a full save), and the app dies before the journal is gone.
    const edited = { ...saved, updatedAt: 5000 }
    await history.save(edited)
    await writeFile(journalFile(), journal)
    const restarted = await createHistoryService({ userDataDir })
    expect(await restarted.get('c')).toEqual(edited)
  })

  it('a send names the state its append leaves and gets it before the journal line is synced; the line still lands', async () => {
    const history = await createHistoryService({ userDataDir })
    const saved = conversation('c', 'Chat', 3)
    await history.save(saved)
    const next = withMessage(saved, 'u1', 'The new turn')
    let appended = false
    const append = history.append(appendSince(saved, next)!).then(() => (appended = true))
    // As a send does: it asks for the state while its save is on its way.
    const forSend = await history.currentAt('c', next.updatedAt)
    expect(forSend).toEqual(next)
    expect(appended).toBe(false)
    await append
    expect(await readFile(journalFile(), 'utf8')).toContain('The new turn')
    const restarted = await createHistoryService({ userDataDir })
    expect(await restarted.get('c')).toEqual(next)
  })

  it('a send that names a state no append reaches gets what is stored (it then goes whole)', async () => {
    const history = await createHistoryService({ userDataDir, stateWaitMs: 50 })
    const saved = conversation('c', 'Chat', 2)
    await history.save(saved)
    const older = conversation('c', 'Chat', 1)
    const fromOlder = appendSince(older, withMessage(older, 'x', 'y'))!
    const append = history.append(fromOlder).catch((error: unknown) => error)
    expect(await history.currentAt('c', saved.updatedAt + 1)).toEqual(saved)
    expect(await append).toMatchObject({ code: 'stale_append' })
  })

  it('refuses an append made from another state of the conversation, keeping what is stored', async () => {
    const history = await createHistoryService({ userDataDir })
    const saved = conversation('c', 'Chat', 2)
    await history.save(saved)
    const older = conversation('c', 'Chat', 1)
    const fromOlder = appendSince(older, withMessage(older, 'x', 'y'))!
    await expect(history.append(fromOlder)).rejects.toMatchObject({ code: 'stale_append' })
    expect(await history.get('c')).toEqual(saved)
  })
})
