import { beforeEach, describe, expect, it, vi } from 'vitest'
import { conversationSchema, type Conversation, type ConversationSummary } from '@shared/history/conversation'
import type { FakeApi } from '@renderer/features/app/__fixtures__/fake-api'
import { FakeApiFailure } from '@renderer/features/app/__fixtures__/fake-api'
import { resetStore } from '@renderer/features/app/__fixtures__/reset-store'
import { handleFreshStart } from '@renderer/features/app/__fixtures__/store-fixtures'
import { api as mockedApi } from '@renderer/lib/api'
import { useAppStore } from '@renderer/store'
import { savedConversation } from './__fixtures__/conversations'

vi.mock('@renderer/lib/api', async () => {
  const { createFakeApi } = await import('@renderer/features/app/__fixtures__/fake-api')
  return { api: createFakeApi(), shell: 'browser' }
})

const api = mockedApi as FakeApi

function summary(conversation: Conversation): ConversationSummary {
  return {
    id: conversation.id,
    title: conversation.title,
    updatedAt: conversation.updatedAt,
    messageCount: conversation.panes[0]?.messages.length ?? 0,
    models: conversation.panes.map((pane) => pane.model),
  }
}

beforeEach(() => {
  api.reset()
  resetStore()
  handleFreshStart(api)
})

describe('history slice', () => {
  it('works on conversations main would accept (the fixture passes the stored schema)', () => {
    expect(conversationSchema.parse(savedConversation())).toEqual(savedConversation())
  })

  it('lists the saved conversations', async () => {
    const saved = savedConversation()
    api.handle('history:list', () => [summary(saved)])
    await useAppStore.getState().loadHistory()
    expect(useAppStore.getState().history).toEqual([summary(saved)])
    expect(useAppStore.getState().historyStatus).toBe('ready')
  })

  it("keeps main's message when the list cannot be read, without rejecting", async () => {
    api.handle('history:list', () => {
      throw new FakeApiFailure('internal', 'EACCES: permission denied')
    })
    await expect(useAppStore.getState().loadHistory()).resolves.toBeUndefined()
    expect(useAppStore.getState().historyStatus).toBe('error')
    expect(useAppStore.getState().historyError).toBe('EACCES: permission denied')
  })

  it('opens a saved conversation with its messages', async () => {
    const saved = savedConversation()
    api.handle('history:get', () => saved)
    await useAppStore.getState().openConversation(saved.id)
    expect(useAppStore.getState().conversation).toEqual(saved)
    expect(useAppStore.getState().focusedPaneId).toBe(saved.panes[0]?.id)
  })

  it('renames, and the open conversation keeps the new title for its next save', async () => {
    const saved = savedConversation()
    useAppStore.getState().replaceConversation(saved)
    api.handle('history:rename', () => undefined)
    await useAppStore.getState().renameConversation(saved.id, '  Haiku drafts ')
    expect(api.callsTo('history:rename')).toEqual([{ id: saved.id, title: '  Haiku drafts ' }])
    expect(useAppStore.getState().conversation.title).toBe('Haiku drafts')
    expect(api.callsTo('history:list')).toHaveLength(1)
  })

  it('deleting the open conversation starts a new one; deleting another leaves it open', async () => {
    const open = savedConversation()
    useAppStore.getState().replaceConversation(open)
    api.handle('history:delete', () => undefined)
    await useAppStore.getState().deleteConversation('some-other-id')
    expect(useAppStore.getState().conversation.id).toBe(open.id)
    await useAppStore.getState().deleteConversation(open.id)
    expect(useAppStore.getState().conversation.id).not.toBe(open.id)
    expect(useAppStore.getState().conversation.panes[0]?.messages).toEqual([])
  })

  it('imports a file and opens what main stored (with its fresh id)', async () => {
    const file = savedConversation()
    const stored = { ...file, id: 'fresh-id-from-main' }
    api.handle('history:import', () => stored)
    const imported = await useAppStore.getState().importConversation(JSON.stringify(file))
    expect(imported.id).toBe('fresh-id-from-main')
    expect(api.callsTo('history:import')).toEqual([{ json: JSON.stringify(file) }])
    expect(useAppStore.getState().conversation.id).toBe('fresh-id-from-main')
  })

  it("rejects an import with main's message and leaves the open conversation alone", async () => {
    const before = useAppStore.getState().conversation
    api.handle('history:import', () => {
      throw new FakeApiFailure(
        'invalid_import',
        'The file is not a conversation exported by this app (panes: Invalid input: expected array, received undefined).',
      )
    })
    await expect(useAppStore.getState().importConversation('{"hello":1}')).rejects.toThrow(
      'The file is not a conversation exported by this app',
    )
    expect(useAppStore.getState().conversation).toBe(before)
  })
})
