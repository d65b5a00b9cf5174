// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { Profiler } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { StoredMessage } from '@shared/history/conversation'
import { conversationOf } from '@renderer/features/chat/__fixtures__/conversation-of'

vi.mock('@renderer/lib/api', async () => {
  const { createFakeApi } = await import('@renderer/features/chat/__fixtures__/fake-api')
  return { api: createFakeApi().api, shell: 'browser' }
})

const { useAppStore } = await import('@renderer/store')
const { MessageRow } = await import('./MessageRow')

const user: StoredMessage = { id: 'u1', role: 'user', content: [{ type: 'text', text: 'What is 2+2?' }] }
const earlier: StoredMessage = {
  id: 'a0',
  role: 'assistant',
  content: [{ type: 'text', text: 'An earlier **answer**.' }],
}
const streaming: StoredMessage = { id: 'a1', role: 'assistant', content: [{ type: 'text', text: 'It is' }] }

beforeEach(() => {
  useAppStore.setState({ runs: {}, runByMessage: {}, activeRunIds: [], pendingStarts: {} })
  useAppStore
    .getState()
    .replaceConversation(
      conversationOf([
        { id: 'p1', dialect: 'openai-chat', model: 'm', messages: [user, earlier, streaming] },
      ]),
    )
})
afterEach(cleanup)

function setText(messageId: string, text: string): void {
  act(() => {
    useAppStore.getState().updatePane('p1', (pane) => ({
      ...pane,
      messages: pane.messages.map((m) =>
        m.id === messageId && m.role === 'assistant' ? { ...m, content: [{ type: 'text', text }] } : m,
      ),
    }))
  })
}

describe('MessageRow', () => {
  it('re-renders only the row of the message that changed while a reply streams', () => {
    const commits = new Map<string, number>()
    const count = (id: string): void => void commits.set(id, (commits.get(id) ?? 0) + 1)
    render(
      <>
        {['u1', 'a0', 'a1'].map((id) => (
          <Profiler key={id} id={id} onRender={() => count(id)}>
            <MessageRow paneId="p1" messageId={id} />
          </Profiler>
        ))}
      </>,
    )
    commits.clear()
    for (const text of ['It is 4', 'It is 4.', 'It is 4. Sure.']) setText('a1', text)
    expect(commits.get('a1')).toBe(3)
    expect(commits.get('u1')).toBeUndefined()
    expect(commits.get('a0')).toBeUndefined()
    expect(screen.getAllByRole('article', { name: 'Assistant reply' })[1]?.textContent).toContain(
      'It is 4. Sure.',
    )
  })

  it('labels turns by role and renders replies as markdown, user text as typed', () => {
    render(
      <>
        <MessageRow paneId="p1" messageId="u1" />
        <MessageRow paneId="p1" messageId="a0" />
      </>,
    )
    expect(screen.getByRole('article', { name: 'User message' }).textContent).toContain('What is 2+2?')
    expect(
      screen.getByRole('article', { name: 'Assistant reply' }).querySelector('strong')?.textContent,
    ).toBe('answer')
  })

  it('edits a message inline: "Save only" keeps the new text (marked edited), Cancel drops it', () => {
    render(<MessageRow paneId="p1" messageId="u1" />)
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }))
    fireEvent.change(screen.getByRole('textbox', { name: 'Edit message' }), {
      target: { value: 'What is 3+3?' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(screen.getByRole('article', { name: 'User message' }).textContent).toContain('What is 2+2?')

    fireEvent.click(screen.getByRole('button', { name: 'Edit' }))
    fireEvent.change(screen.getByRole('textbox', { name: 'Edit message' }), {
      target: { value: 'What is 3+3?' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Save only' }))
    expect(useAppStore.getState().conversation.panes[0]?.messages[0]).toEqual({
      id: 'u1',
      role: 'user',
      content: [{ type: 'text', text: 'What is 3+3?' }],
      editedAt: expect.any(Number),
    })
  })

  it('inserts a tool turn answering an earlier call', () => {
    act(() => {
      useAppStore.getState().updatePane('p1', (pane) => ({
        ...pane,
        messages: [
          user,
          {
            id: 'call',
            role: 'assistant',
            content: [{ type: 'tool-call', id: 'call_9', name: 'lookup', arguments: '{"q":1}' }],
          },
        ],
      }))
    })
    render(<MessageRow paneId="p1" messageId="call" />)
    fireEvent.click(screen.getByRole('button', { name: 'Insert turn' }))
    fireEvent.change(screen.getByRole('combobox', { name: 'Turn role' }), { target: { value: 'tool' } })
    expect(screen.getByRole('combobox', { name: 'Tool call id' })).toHaveProperty('value', 'call_9')
    fireEvent.change(screen.getByRole('textbox', { name: 'Turn text' }), { target: { value: '{"a":1}' } })
    fireEvent.click(screen.getByRole('button', { name: 'Insert' }))
    const inserted = useAppStore.getState().conversation.panes[0]?.messages[2]
    expect(inserted).toMatchObject({ role: 'tool', toolCallId: 'call_9', content: '{"a":1}' })
  })

  it('asks for tool results after the latest reply’s calls, then continues the pane', () => {
    const continuePane = vi.fn(async () => undefined)
    useAppStore.setState({ continuePane })
    act(() => {
      useAppStore.getState().updatePane('p1', (pane) => ({
        ...pane,
        messages: [
          user,
          {
            id: 'call',
            role: 'assistant',
            content: [
              { type: 'tool-call', id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' },
            ],
          },
        ],
      }))
    })
    render(<MessageRow paneId="p1" messageId="call" />)
    // Arguments shown as pretty JSON.
    expect(screen.getByRole('group', { name: 'Tool call get_weather' }).textContent).toContain(
      '"city": "Paris"',
    )
    fireEvent.change(screen.getByRole('textbox', { name: 'Tool result for get_weather' }), {
      target: { value: 'not found' },
    })
    fireEvent.click(screen.getByRole('checkbox', { name: 'is error' }))
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(useAppStore.getState().conversation.panes[0]?.messages[2]).toMatchObject({
      role: 'tool',
      toolCallId: 'call_1',
      content: 'not found',
      isError: true,
    })
    expect(continuePane).toHaveBeenCalledWith('p1')
  })

  it('says so before sending a tool result left empty, and sends it on the second press', () => {
    const continuePane = vi.fn(async () => undefined)
    useAppStore.setState({ continuePane })
    act(() => {
      useAppStore.getState().updatePane('p1', (pane) => ({
        ...pane,
        messages: [
          user,
          {
            id: 'call',
            role: 'assistant',
            content: [{ type: 'tool-call', id: 'call_1', name: 'get_weather', arguments: '{}' }],
          },
        ],
      }))
    })
    render(<MessageRow paneId="p1" messageId="call" />)
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(screen.getByRole('alert').textContent).toContain('No result typed for get_weather')
    expect(continuePane).not.toHaveBeenCalled()
    expect(useAppStore.getState().conversation.panes[0]?.messages).toHaveLength(2)
    fireEvent.click(screen.getByRole('button', { name: 'Continue with empty result' }))
    expect(useAppStore.getState().conversation.panes[0]?.messages[2]).toMatchObject({
      role: 'tool',
      content: '',
    })
    expect(continuePane).toHaveBeenCalledWith('p1')
  })
})
