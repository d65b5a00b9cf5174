// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { StoredMessage } from '@shared/history/conversation'
import { useAppStore } from '@renderer/store'
import type { LiveRun } from '@renderer/features/chat/runs/live-run'
import { seedStore } from './__fixtures__/seed-store'
import { NEXT_REQUEST_DEBOUNCE_MS, useNextRequestInputs } from './use-next-requests'

vi.mock('@renderer/lib/api', () => ({
  shell: 'browser',
  api: { invoke: vi.fn(), on: vi.fn(() => () => undefined) },
}))

const RUN_ID = 'run-1'

/** A reply of the open conversation streaming into an assistant message of the first pane. */
function startStreaming(): void {
  const state = useAppStore.getState()
  const pane = state.conversation.panes[0]
  if (!pane) throw new Error('no pane')
  const reply: StoredMessage = { id: 'reply', role: 'assistant', content: [] }
  const run = {
    runId: RUN_ID,
    conversationId: state.conversation.id,
    paneId: pane.id,
    messageId: reply.id,
    state: 'running',
  } as LiveRun
  useAppStore.setState({
    conversation: { ...state.conversation, panes: [{ ...pane, messages: [...pane.messages, reply] }] },
    runs: { [RUN_ID]: run },
    runByMessage: { [reply.id]: RUN_ID },
    activeRunIds: [RUN_ID],
  })
}

/** One frame of the stream: the reply's text grows (a new conversation, as the run pump commits). */
function streamFrame(text: string): void {
  const { conversation } = useAppStore.getState()
  useAppStore.setState({
    conversation: {
      ...conversation,
      updatedAt: conversation.updatedAt + 1,
      panes: conversation.panes.map((pane) => ({
        ...pane,
        messages: pane.messages.map((m): StoredMessage =>
          m.id === 'reply' ? { id: m.id, role: 'assistant', content: [{ type: 'text', text }] } : m,
        ),
      })),
    },
  })
}

function endStreaming(): void {
  streamFrame('the whole reply')
  useAppStore.setState({ activeRunIds: [] })
}

const pause = (ms = NEXT_REQUEST_DEBOUNCE_MS * 3): void => {
  act(() => vi.advanceTimersByTime(ms))
}

beforeEach(() => vi.useFakeTimers())
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('useNextRequestInputs', () => {
  it('settles once the inputs pause', () => {
    seedStore()
    const { result } = renderHook(() => useNextRequestInputs())
    act(() => useAppStore.getState().setDraftText('hello'))
    expect(result.current.composer.text).toBe('')
    pause()
    expect(result.current.composer.text).toBe('hello')
  })

  it('holds the transcript and the draft while a reply streams, however long the gaps between frames', () => {
    seedStore()
    const { result } = renderHook(() => useNextRequestInputs())
    act(startStreaming)
    pause()
    const before = result.current
    for (const text of ['a', 'ab', 'abc']) {
      act(() => streamFrame(text))
      pause()
      act(() => useAppStore.getState().setDraftText(text))
      pause()
    }
    expect(result.current).toBe(before)

    act(endStreaming)
    pause()
    expect(result.current.conversation).toBe(useAppStore.getState().conversation)
    expect(result.current.composer.text).toBe('abc')
  })

  it('settles after the replies end even when the end changes no input', () => {
    seedStore()
    const { result } = renderHook(() => useNextRequestInputs())
    act(startStreaming)
    pause()
    act(() => streamFrame('partial'))
    pause()
    act(() => useAppStore.setState({ activeRunIds: [] }))
    pause()
    expect(result.current.conversation).toBe(useAppStore.getState().conversation)
  })

  it('shows a parameter changed while a reply streams, even when a frame follows at once', () => {
    seedStore()
    const { result } = renderHook(() => useNextRequestInputs())
    act(startStreaming)
    pause()
    act(() => useAppStore.getState().setParams({ maxTokens: 77 }))
    act(() => streamFrame('a'))
    pause()
    expect(result.current.conversation.params.maxTokens).toBe(77)
  })
})
