import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { redactStrings } from '@shared/redaction/redact-strings'
import { createHistoryService } from '../../services/history/history-service'
import { valueInvokerOf } from './__fixtures__/handler-fixtures'
import { createHistoryHandlers } from './history'

const KEY = 'sk-pasted-into-a-prompt-0123456789'

function conversationWith(text: string) {
  return {
    version: 1,
    id: 'conv-1',
    title: 'A pasted key',
    createdAt: 1,
    updatedAt: 2,
    system: '',
    params: { stop: [], stream: true },
    panes: [
      {
        id: 'pane-1',
        dialect: 'openai-chat',
        model: 'model-a',
        messages: [{ id: 'm0', role: 'user', content: [{ type: 'text', text }] }],
      },
    ],
  }
}

describe('history handlers', () => {
  it('keeps known keys out of saved conversations and says that history changed', async () => {
    const userDataDir = await mkdtemp(path.join(os.tmpdir(), 'history-handlers-'))
    onTestFinished(() => rm(userDataDir, { recursive: true, force: true }))
    const events: string[] = []
    const invoke = valueInvokerOf(
      createHistoryHandlers({
        history: await createHistoryService({ userDataDir }),
        emit: (channel) => events.push(channel),
        withoutKeys: (value) => redactStrings(value, (text) => text.split(KEY).join('[redacted]')),
      }),
    )
    await invoke('history:save', conversationWith(`my key is ${KEY}, Bearer stays`))
    expect(events).toEqual(['history:changed'])
    // On disk, not only in what comes back: the file itself never holds the key.
    const onDisk = await readFile(path.join(userDataDir, 'conversations', 'conv-1.json'), 'utf8')
    expect(onDisk).not.toContain(KEY)
    expect(onDisk).toContain('my key is [redacted], Bearer stays')
    const exported = await invoke('history:export', { id: 'conv-1' })
    expect(JSON.stringify(exported)).not.toContain(KEY)
  })

  it('keeps known keys out of appended turns too, on disk', async () => {
    const userDataDir = await mkdtemp(path.join(os.tmpdir(), 'history-handlers-'))
    onTestFinished(() => rm(userDataDir, { recursive: true, force: true }))
    const opened: string[] = []
    const invoke = valueInvokerOf(
      createHistoryHandlers({
        history: await createHistoryService({ userDataDir }),
        emit: () => undefined,
        onOpened: (conversation) => opened.push(JSON.stringify(conversation)),
        withoutKeys: (value) => redactStrings(value, (text) => text.split(KEY).join('[redacted]')),
      }),
    )
    const saved = conversationWith('hello')
    await invoke('history:save', saved)
    const turn = { id: 'm1', role: 'user', content: [{ type: 'text', text: `again: ${KEY}` }] }
    const { panes: _panes, ...head } = saved
    await invoke('history:append', {
      head: { ...head, updatedAt: 3, panes: [{ id: 'pane-1', dialect: 'openai-chat', model: 'model-a' }] },
      panes: [{ from: 1, messages: [turn] }],
    })
    const dir = path.join(userDataDir, 'conversations')
    const onDisk =
      (await readFile(path.join(dir, 'conv-1.json'), 'utf8')) +
      (await readFile(path.join(dir, 'conv-1.journal'), 'utf8'))
    expect(onDisk).not.toContain(KEY)
    expect(onDisk).toContain('again: [redacted]')
    expect(JSON.stringify(await invoke('history:get', { id: 'conv-1' }))).toContain('again: [redacted]')
    // What is prepared for a send (the local gateway's token counts) is what the renderer got: redacted.
    expect(opened).toHaveLength(1)
    expect(opened[0]).toContain('again: [redacted]')
    expect(opened[0]).not.toContain(KEY)
  })
})
