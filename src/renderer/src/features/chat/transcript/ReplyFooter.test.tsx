// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { StoredMessage } from '@shared/history/conversation'
import type { LiveRun } from '@renderer/features/chat/runs/live-run'

vi.mock('@renderer/lib/api', async () => {
  const { createFakeApi } = await import('@renderer/features/chat/__fixtures__/fake-api')
  return { api: createFakeApi().api, shell: 'browser' }
})

const { useAppStore } = await import('@renderer/store')
const { ReplyFooter } = await import('./ReplyFooter')
const { clearRuns, record, storeReply } = await import('./__fixtures__/reply-fixtures')

const regenerate = vi.fn(async () => undefined)

function show(reply: StoredMessage, run?: Partial<LiveRun>): void {
  storeReply(reply, run)
  render(<ReplyFooter paneId="p1" messageId={reply.id} />)
}

const footer = (): HTMLElement => screen.getByTestId('reply-footer')

beforeEach(() => {
  regenerate.mockClear()
  clearRuns()
  useAppStore.setState({ regenerate })
})
afterEach(cleanup)

describe('ReplyFooter', () => {
  it('shows dialect, finish unified and raw, TTFT, tokens/s, total, tokens and points (exact on hover)', () => {
    show({
      id: 'a',
      role: 'assistant',
      content: [{ type: 'text', text: 'Hi' }],
      reply: record({
        finish: { unified: 'stop', raw: 'end_turn' },
        usage: { inputTokens: 12, outputTokens: 40, cacheReadTokens: 2 },
        metrics: {
          ttftMs: 312,
          tokensPerSecond: 143.4,
          totalMs: 1240,
          outputTokens: 40,
          points: '0.0000207520',
        },
      }),
    })
    const text = footer().textContent
    expect(text).toContain('Anthropic (messages)')
    expect(text).toContain('stop · end_turn')
    expect(text).toContain('TTFT 312 ms')
    expect(text).toContain('143 tok/s')
    expect(text).toContain('total 1.24 s')
    expect(text).toContain('in 12 · out 40 · 10 uncached · 0 cache write · 2 cache read')
    const points = screen.getByRole('button', { name: /0\.0000208 pts/ })
    expect(points.getAttribute('title')).toContain('0.0000207520 pts (exact)')
    // One click away: the exact figure in place.
    fireEvent.click(points)
    expect(points.textContent).toBe('0.0000207520 pts')
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull()
  })

  it('shows the streaming state with live figures while the run goes', () => {
    show(
      { id: 'a', role: 'assistant', content: [{ type: 'text', text: 'Par' }] },
      {
        metrics: {
          startedAt: 1,
          ttftMs: 80,
          outputTokens: 5,
          outputTokensEstimated: true,
          tokensPerSecond: 50,
        },
      },
    )
    expect(screen.getByRole('status').textContent).toBe('Streaming…')
    expect(footer().textContent).toContain('out ~5')
    expect(footer().textContent).toContain('TTFT 80 ms')
  })

  it('says it waits for the first token, and why it waits when main retries', () => {
    show(
      { id: 'a', role: 'assistant', content: [] },
      { state: 'starting', retry: { attempt: 1, delayMs: 500, reason: 'HTTP 429 rate limited' } },
    )
    expect(footer().textContent).toContain('Waiting for the first token…')
    expect(footer().textContent).toContain('Retry 1 in 500 ms: HTTP 429 rate limited')
  })

  it('says a stopped reply was stopped and offers Retry', () => {
    show({
      id: 'a',
      role: 'assistant',
      content: [{ type: 'text', text: 'part' }],
      reply: record({ state: 'aborted' }),
    })
    expect(footer().textContent).toContain('Stopped')
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
    expect(regenerate).toHaveBeenCalledWith('p1', 'a')
  })

  it('says a live run was stopped without turning main’s words into an error', () => {
    show(
      { id: 'a', role: 'assistant', content: [{ type: 'text', text: 'part' }] },
      { state: 'aborted', message: 'Stopped; the text received so far is kept.' },
    )
    expect(footer().textContent).toContain('Stopped')
    expect(footer().querySelector('.reply-error')).toBeNull()
  })

  it('gives main’s detail for a cut stream', () => {
    show(
      { id: 'a', role: 'assistant', content: [{ type: 'text', text: 'part' }] },
      { state: 'incomplete', message: 'The server closed the connection before the end marker.' },
    )
    expect(footer().textContent).toContain(
      'Incomplete — the stream ended before its end marker (The server closed the connection before the end marker.)',
    )
    expect(footer().querySelector('.reply-error')).toBeNull()
  })

  it('says an incomplete stream ended before its end marker', () => {
    show({
      id: 'a',
      role: 'assistant',
      content: [{ type: 'text', text: 'part' }],
      reply: record({ state: 'incomplete' }),
    })
    expect(footer().textContent).toContain('Incomplete — the stream ended before its end marker')
  })

  it('shows an HTTP error with status, type, code, message and request id', () => {
    show({
      id: 'a',
      role: 'assistant',
      content: [],
      reply: record({
        state: 'provider_error',
        error: {
          status: 529,
          type: 'overloaded_error',
          message: 'Overloaded, try later.',
          requestId: 'req_123',
        },
      }),
    })
    const text = footer().textContent
    expect(text).toContain('HTTP 529 · overloaded_error')
    expect(text).toContain('Overloaded, try later.')
    expect(text).toContain('Request id req_123')
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy()
  })

  it('shows network errors in plain words, from the live run', () => {
    show(
      { id: 'a', role: 'assistant', content: [] },
      { state: 'network_error', message: 'The gateway closed the connection (ECONNRESET).' },
    )
    expect(footer().textContent).toContain('Network error')
    expect(footer().textContent).toContain('The gateway closed the connection (ECONNRESET).')
  })

  it('warns when updates were lost on the way', () => {
    show(
      { id: 'a', role: 'assistant', content: [{ type: 'text', text: 'x' }] },
      { state: 'completed', seqGap: true },
    )
    expect(footer().textContent).toContain('Some updates from the app were lost on the way')
  })

  it('offers no Retry while the pane is busy', () => {
    show({ id: 'a', role: 'assistant', content: [], reply: record({ state: 'timeout' }) })
    cleanup()
    useAppStore.setState({ pendingStarts: { other: 'p1' } })
    render(<ReplyFooter paneId="p1" messageId="a" />)
    expect(screen.getByRole('button', { name: 'Retry' })).toHaveProperty('disabled', true)
  })
})
