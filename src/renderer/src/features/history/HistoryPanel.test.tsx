// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ConversationSummary } from '@shared/history/conversation'
import type { FakeApi } from '@renderer/features/app/__fixtures__/fake-api'
import { FakeApiFailure } from '@renderer/features/app/__fixtures__/fake-api'
import { resetStore } from '@renderer/features/app/__fixtures__/reset-store'
import { handleFreshStart } from '@renderer/features/app/__fixtures__/store-fixtures'
import { api as mockedApi } from '@renderer/lib/api'
import { useAppStore } from '@renderer/store'
import { startFreshConversation } from '@renderer/features/chat/conversation/start-fresh-conversation'
import { savedConversation } from './__fixtures__/conversations'
import { HistoryPanel } from './HistoryPanel'

vi.mock('@renderer/lib/api', async () => {
  const { createFakeApi } = await import('@renderer/features/app/__fixtures__/fake-api')
  return { api: createFakeApi(), shell: 'browser' }
})

const api = mockedApi as FakeApi
const MINUTE = 60_000

let summaries: ConversationSummary[]

beforeEach(() => {
  api.reset()
  resetStore()
  handleFreshStart(api)
  summaries = [
    {
      id: 'conv-1',
      title: 'Greeting test',
      updatedAt: Date.now() - 5 * MINUTE,
      messageCount: 2,
      models: ['vendorb3.8-Flash-Next'],
    },
    {
      id: 'conv-2',
      title: 'Both dialects',
      updatedAt: Date.now() - 3 * 24 * 60 * MINUTE,
      messageCount: 1,
      models: ['vendora-V4-Flash-Vision-Exp', 'vendorb3.8-Flash-Next'],
    },
  ]
  api.handle('history:list', () => summaries)
})
afterEach(cleanup)

async function showHistory(): Promise<HTMLElement> {
  await act(() => useAppStore.getState().loadHistory())
  render(<HistoryPanel />)
  return screen.getByRole('list', { name: 'Saved conversations' })
}

function item(list: HTMLElement, title: string): HTMLElement {
  const found = within(list)
    .getAllByRole('listitem')
    .find((li) => li.textContent?.includes(title))
  if (!found) throw new Error(`no history item ${title}`)
  return found
}

describe('HistoryPanel', () => {
  it('says so when nothing is saved yet', async () => {
    summaries = []
    await act(() => useAppStore.getState().loadHistory())
    render(<HistoryPanel />)
    expect(screen.getByText(/No saved conversations yet/)).toBeTruthy()
    expect(screen.queryByRole('list')).toBeNull()
  })

  it('lists title, when, how long and which models', async () => {
    const list = await showHistory()
    const greeting = item(list, 'Greeting test')
    expect(within(greeting).getByText('5 minutes ago').tagName).toBe('TIME')
    expect(within(greeting).getByText('2 messages')).toBeTruthy()
    expect(within(greeting).getByText('vendorb3.8-Flash-Next')).toBeTruthy()
    const both = item(list, 'Both dialects')
    expect(within(both).getByText('3 days ago')).toBeTruthy()
    expect(within(both).getByText('vendora-V4-Flash-Vision-Exp, vendorb3.8-Flash-Next')).toBeTruthy()
    for (const name of ['Open', 'Rename', 'Delete', 'Export', 'Markdown']) {
      expect(within(greeting).getByRole('button', { name })).toBeTruthy()
    }
  })

  it('opens a conversation and marks it as the open one', async () => {
    const saved = savedConversation({ id: 'conv-1' })
    api.handle('history:get', () => saved)
    const list = await showHistory()
    fireEvent.click(within(item(list, 'Greeting test')).getByRole('button', { name: 'Open' }))
    await waitFor(() => expect(item(list, 'Greeting test').getAttribute('aria-current')).toBe('true'))
    expect(useAppStore.getState().conversation).toEqual(saved)
    expect(api.callsTo('history:get')).toEqual([{ id: 'conv-1' }])
  })

  it('renames inline: Enter saves', async () => {
    api.handle('history:rename', ({ id, title }) => {
      summaries = summaries.map((entry) => (entry.id === id ? { ...entry, title } : entry))
    })
    const list = await showHistory()
    fireEvent.click(within(item(list, 'Greeting test')).getByRole('button', { name: 'Rename' }))
    const input = within(list).getByRole('textbox', { name: 'Title' }) as HTMLInputElement
    expect(input.value).toBe('Greeting test')
    expect(document.activeElement).toBe(input)
    fireEvent.change(input, { target: { value: 'Hello, renamed' } })
    fireEvent.keyDown(input, { key: 'Enter' })
    await waitFor(() => expect(within(list).getByText('Hello, renamed')).toBeTruthy())
    expect(api.callsTo('history:rename')).toEqual([{ id: 'conv-1', title: 'Hello, renamed' }])
    expect(within(list).queryByRole('textbox', { name: 'Title' })).toBeNull()
  })

  it('renames inline: Escape cancels, and an empty title is refused', async () => {
    const list = await showHistory()
    fireEvent.click(within(item(list, 'Greeting test')).getByRole('button', { name: 'Rename' }))
    const input = within(list).getByRole('textbox', { name: 'Title' })
    fireEvent.change(input, { target: { value: '   ' } })
    fireEvent.keyDown(input, { key: 'Enter' })
    expect(within(list).getByRole('alert').textContent).toBe('A title cannot be empty.')
    fireEvent.keyDown(input, { key: 'Escape' })
    expect(within(list).queryByRole('textbox', { name: 'Title' })).toBeNull()
    expect(within(list).getByText('Greeting test')).toBeTruthy()
    expect(api.callsTo('history:rename')).toEqual([])
  })

  it('deletes only after confirming', async () => {
    api.handle('history:delete', ({ id }) => {
      summaries = summaries.filter((entry) => entry.id !== id)
    })
    const list = await showHistory()
    fireEvent.click(within(item(list, 'Both dialects')).getByRole('button', { name: 'Delete' }))
    expect(api.callsTo('history:delete')).toEqual([])
    const question = within(item(list, 'Both dialects')).getByRole('group', { name: 'Delete it?' })
    fireEvent.click(within(question).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(within(list).queryByText('Both dialects')).toBeNull())
    expect(api.callsTo('history:delete')).toEqual([{ id: 'conv-2' }])
  })

  it("exports main's JSON as a download named by main", async () => {
    const json = JSON.stringify(savedConversation({ id: 'conv-1' }), null, 2)
    api.handle('history:export', () => ({ fileName: 'greeting-test.json', json }))
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:fake')
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }))
    const downloads: Array<{ name: string; href: string }> = []
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloads.push({ name: this.download, href: this.getAttribute('href') ?? '' })
    })
    const list = await showHistory()
    fireEvent.click(within(item(list, 'Greeting test')).getByRole('button', { name: 'Export' }))
    await waitFor(() => expect(downloads).toEqual([{ name: 'greeting-test.json', href: 'blob:fake' }]))
    const blob = createObjectURL.mock.calls[0]?.[0]
    expect(await blob?.text()).toBe(json)
    click.mockRestore()
    vi.unstubAllGlobals()
  })

  it("shows main's message when an imported file is refused", async () => {
    api.handle('history:import', () => {
      throw new FakeApiFailure(
        'invalid_import',
        'The file is not JSON: Unexpected token h in JSON at position 1',
      )
    })
    await showHistory()
    const before = useAppStore.getState().conversation
    const input = screen.getByLabelText('Conversation file to import') as HTMLInputElement
    expect(input.accept).toBe('.json,application/json')
    const file = new File(['this is not json'], 'notes.json', { type: 'application/json' })
    fireEvent.change(input, { target: { files: [file] } })
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain(
        'Could not import notes.json: The file is not JSON: Unexpected token h in JSON at position 1',
      ),
    )
    expect(api.callsTo('history:import')).toEqual([{ json: 'this is not json' }])
    expect(useAppStore.getState().conversation).toBe(before)
  })

  it('imports a file and opens it', async () => {
    const stored = savedConversation({ id: 'fresh-id', title: 'Imported chat' })
    api.handle('history:import', () => stored)
    await showHistory()
    const file = new File([JSON.stringify(stored)], 'chat.json', { type: 'application/json' })
    fireEvent.change(screen.getByLabelText('Conversation file to import'), { target: { files: [file] } })
    await waitFor(() => expect(useAppStore.getState().conversation.id).toBe('fresh-id'))
    expect(useAppStore.getState().notices.map((notice) => notice.message)).toContain(
      'Imported “Imported chat”.',
    )
  })

  it('"New conversation" (the header\'s, Alt+N) starts an empty one', async () => {
    useAppStore.getState().replaceConversation(savedConversation())
    void startFreshConversation()
    // The switch waits for the open conversation's replies to settle and be saved first.
    await waitFor(() => expect(useAppStore.getState().conversation.id).not.toBe('conv-7d3f1e2a'))
    expect(useAppStore.getState().conversation.panes[0]?.messages).toEqual([])
  })
})
