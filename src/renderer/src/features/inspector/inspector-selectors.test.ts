import { describe, expect, it } from 'vitest'
import type { Conversation } from '@shared/history/conversation'
import type { AppState } from '@renderer/store'
import { prettyBody, selectInspectedReply } from './inspector-selectors'
import { conversationOf } from '@renderer/features/chat/__fixtures__/conversation-of'

const conversation: Conversation = conversationOf([
  {
    id: 'p1',
    dialect: 'openai-chat',
    model: 'm',
    messages: [
      { id: 'u', role: 'user', content: [{ type: 'text', text: 'q' }] },
      { id: 'shared', role: 'assistant', content: [{ type: 'text', text: 'first pane' }] },
      { id: 'a1', role: 'assistant', content: [{ type: 'text', text: 'latest of pane 1' }] },
    ],
  },
  {
    id: 'p2',
    dialect: 'anthropic-messages',
    model: 'm',
    messages: [
      { id: 'u', role: 'user', content: [{ type: 'text', text: 'q' }] },
      // A fork copies ids: the same id in both panes.
      { id: 'shared', role: 'assistant', content: [{ type: 'text', text: 'second pane' }] },
      { id: 'a2', role: 'assistant', content: [{ type: 'text', text: 'latest of pane 2' }] },
    ],
  },
])

const state = (patch: Partial<AppState>): AppState =>
  ({
    conversation,
    focusedPaneId: 'p1',
    inspectedMessageId: null,
    runs: {},
    runByMessage: {},
    ...patch,
  }) as AppState

describe('selectInspectedReply', () => {
  it('follows the latest reply of the focused pane when nothing is pinned', () => {
    expect(selectInspectedReply(state({}))?.message.id).toBe('a1')
    const second = selectInspectedReply(state({ focusedPaneId: 'p2' }))
    expect(second?.message.id).toBe('a2')
    expect(second?.paneIndex).toBe(1)
    expect(second?.latest).toBe(true)
  })

  it('shows the pinned reply, from the focused pane when its id exists in both', () => {
    const pinned = selectInspectedReply(state({ inspectedMessageId: 'shared', focusedPaneId: 'p2' }))
    expect(pinned?.message.content).toEqual([{ type: 'text', text: 'second pane' }])
    expect(pinned?.latest).toBe(false)
  })

  it('attaches the live run only when it wrote into that pane', () => {
    const run = { runId: 'r', paneId: 'p2' } as AppState['runs'][string]
    const found = selectInspectedReply(
      state({ inspectedMessageId: 'shared', runs: { r: run }, runByMessage: { shared: 'r' } }),
    )
    expect(found?.paneId).toBe('p1')
    expect(found?.run).toBeUndefined()
  })
})

describe('prettyBody', () => {
  it('pretty-prints JSON and keeps anything else as it is', () => {
    expect(prettyBody('{"a":[1]}')).toBe('{\n  "a": [\n    1\n  ]\n}')
    expect(prettyBody('not json')).toBe('not json')
    expect(prettyBody(undefined)).toBe('(no body)')
  })
})
