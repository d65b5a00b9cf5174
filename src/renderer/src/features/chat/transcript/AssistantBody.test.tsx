// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { StoredMessage } from '@shared/history/conversation'
import type { LiveRun } from '@renderer/features/chat/runs/live-run'

vi.mock('@renderer/lib/api', async () => {
  const { createFakeApi } = await import('@renderer/features/chat/__fixtures__/fake-api')
  return { api: createFakeApi().api, shell: 'browser' }
})

const { AssistantBody } = await import('./AssistantBody')
const { clearRuns, record, storeReply } = await import('./__fixtures__/reply-fixtures')

type Reply = StoredMessage & { role: 'assistant' }

function show(reply: Reply, run?: Partial<LiveRun>): void {
  storeReply(reply, run)
  render(<AssistantBody paneId="p1" message={reply} isLast />)
}

const block = (): HTMLDetailsElement => screen.getByText(/^Thinking|^Thought/).closest('details')!

beforeEach(clearRuns)
afterEach(cleanup)

describe('AssistantBody thinking', () => {
  it('shows the thinking open as it streams, with its time and tokens so far', () => {
    show(
      { id: 'a', role: 'assistant', content: [{ type: 'reasoning', text: 'Let me add the numbers.' }] },
      {
        metrics: {
          startedAt: 0,
          outputTokens: 300,
          outputTokensEstimated: true,
          reasoningMs: 1234,
          reasoningTokens: 300,
          reasoningTokensEstimated: true,
        },
      },
    )
    expect(screen.getByText('Thinking… 1.2 s · ~300 tokens')).toBeTruthy()
    expect(block().open).toBe(true)
    expect(screen.getByText('Let me add the numbers.')).toBeTruthy()
  })

  it('folds a finished thinking above the answer, says how long it took, and opens on a click', () => {
    show({
      id: 'a',
      role: 'assistant',
      content: [
        { type: 'reasoning', text: 'Two and two.', signature: 'sig-1' },
        { type: 'text', text: 'It is 4.' },
      ],
      reply: record({ metrics: { reasoningMs: 3200, reasoningTokens: 812 } }),
    })
    expect(block().open).toBe(false)
    fireEvent.click(screen.getByText('Thought for 3.2 s · 812 tokens'))
    expect(block().open).toBe(true)
    // The thinking comes before the answer.
    const order = block().compareDocumentPosition(screen.getByText('It is 4.'))
    expect(order & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  })

  it('shows redacted thinking as such, and a reply kept from before thinking lived in the content', () => {
    show({
      id: 'a',
      role: 'assistant',
      content: [
        { type: 'redacted-reasoning', data: 'EncryptedBlob==' },
        { type: 'text', text: 'Done.' },
      ],
      reply: record({}),
    })
    expect(screen.getByText(/Redacted thinking/)).toBeTruthy()
    expect(screen.queryByText(/EncryptedBlob/)).toBeNull()
    cleanup()
    show({
      id: 'b',
      role: 'assistant',
      content: [{ type: 'text', text: 'Old.' }],
      reply: record({ reasoning: 'Kept.' }),
    })
    expect(screen.getByText('Kept.')).toBeTruthy()
  })

  it('shows no block for a reply that did not think', () => {
    show({ id: 'a', role: 'assistant', content: [{ type: 'text', text: 'Hi' }], reply: record({}) })
    expect(screen.queryByText(/^Thinking|^Thought/)).toBeNull()
  })
})
