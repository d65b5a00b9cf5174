// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { generateCode } from '@shared/code'
import { toCurl } from '@shared/curl'
import { dialects } from '@shared/dialects'
import type { StoredMessage } from '@shared/history/conversation'
import { withSimulateHeader } from '@shared/runs/simulate-header'
import { api } from '@renderer/lib/api'
import { useAppStore } from '@renderer/store'
import { paneRequest } from '@shared/history/pane-request'
import { seedStore, LOCAL_PROFILE, REMOTE_PROFILE } from './__fixtures__/seed-store'
import { CURL_KEY_PLACEHOLDER } from './curl-placeholder'
import { CurlPanel } from './CurlPanel'
import { NEXT_REQUEST_DEBOUNCE_MS } from './use-next-requests'

vi.mock('@renderer/lib/api', () => ({
  shell: 'browser',
  api: { invoke: vi.fn(), on: vi.fn(() => () => undefined) },
}))

const invokeMock = vi.mocked(api.invoke)

beforeEach(() => invokeMock.mockReset())
afterEach(cleanup)

/** The command the panel must show, computed independently with the shared functions. */
function expectedCommand(paneIndex = 0, language: 'curl' | 'python' | 'typescript' = 'curl'): string {
  const state = useAppStore.getState()
  const pane = state.conversation.panes[paneIndex]
  if (!pane) throw new Error('no pane')
  const profile = state.profiles.find((p) => p.id === state.activeProfileId)
  if (!profile) throw new Error('no profile')
  const { http } = dialects[pane.dialect].buildRequest(
    paneRequest(state.conversation, pane, state.composer),
    {
      baseUrl: profile.baseUrl,
      apiKey: CURL_KEY_PLACEHOLDER,
    },
  )
  const sent = profile.kind === 'local' ? withSimulateHeader(http, state.simulate) : http
  if (language !== 'curl') {
    return generateCode(language, { dialect: pane.dialect, http: sent, secret: CURL_KEY_PLACEHOLDER })
  }
  return toCurl(sent, { secret: CURL_KEY_PLACEHOLDER })
}

const shown = () => screen.getByLabelText('curl command').textContent

const history: StoredMessage[] = [
  { id: 'm1', role: 'user', content: [{ type: 'text', text: "It's $(whoami) `date` \\ 'quoted'" }] },
  { id: 'm2', role: 'assistant', content: [{ type: 'text', text: 'Überall ✓ — fine.' }] },
]

describe('CurlPanel', () => {
  it('shows exactly the command of the next send, for each dialect', () => {
    for (const dialect of ['openai-chat', 'anthropic-messages'] as const) {
      seedStore({
        dialects: [dialect],
        messages: history,
        system: 'Be brief.',
        params: { temperature: 1.4, stop: ['END'], tools: undefined },
        composer: { text: 'And now?', images: [] },
      })
      const view = render(<CurlPanel />)
      expect(shown()).toBe(expectedCommand())
      expect(shown()).toContain(dialect === 'openai-chat' ? '/v1/chat/completions' : '/v1/messages')
      expect(shown()).toContain('And now?')
      view.unmount()
    }
  })

  it('never contains a key: the header reads $MODEL_GATEWAY_API_KEY', () => {
    seedStore({ profile: REMOTE_PROFILE, dialects: ['openai-chat'], last4: 'Zq9x' })
    const view = render(<CurlPanel />)
    expect(shown()).toContain('-H "authorization: Bearer $MODEL_GATEWAY_API_KEY"')
    expect(shown()).not.toContain(CURL_KEY_PLACEHOLDER)
    expect(shown()).not.toContain('Zq9x')
    view.unmount()

    seedStore({ profile: REMOTE_PROFILE, dialects: ['anthropic-messages'] })
    render(<CurlPanel />)
    expect(shown()).toContain('-H "x-api-key: $MODEL_GATEWAY_API_KEY"')
    expect(document.body.textContent).not.toContain(CURL_KEY_PLACEHOLDER)
    expect(screen.getByText(/export MODEL_GATEWAY_API_KEY=…/)).toBeTruthy()
  })

  it('updates when the draft changes (after the typing pause)', async () => {
    seedStore()
    render(<CurlPanel />)
    expect(shown()).not.toContain('hello there')
    act(() => useAppStore.getState().setDraftText('hello there'))
    await waitFor(() => expect(shown()).toContain('hello there'))
    expect(shown()).toBe(expectedCommand())

    act(() => useAppStore.getState().setParams({ maxTokens: 77 }))
    await waitFor(() => expect(shown()).toContain('"max_tokens":77'))
    expect(shown()).toBe(expectedCommand())
  })

  it('rebuilds once typing pauses, not on every key', () => {
    vi.useFakeTimers()
    try {
      seedStore()
      render(<CurlPanel />)
      for (const text of ['h', 'he', 'hel', 'hell', 'hello']) {
        act(() => useAppStore.getState().setDraftText(text))
        act(() => vi.advanceTimersByTime(NEXT_REQUEST_DEBOUNCE_MS / 2))
        expect(shown()).not.toContain('"content":"h')
      }
      act(() => vi.advanceTimersByTime(NEXT_REQUEST_DEBOUNCE_MS))
      expect(shown()).toContain('"content":"hello"')
      expect(shown()).toBe(expectedCommand())
    } finally {
      vi.useRealTimers()
    }
  })

  it('carries the fault-injection header for the local gateway only', () => {
    seedStore({ simulate: 'status=429' })
    const view = render(<CurlPanel />)
    expect(shown()).toContain("-H 'x-simulate: status=429'")
    expect(shown()).toBe(expectedCommand())
    view.unmount()

    seedStore({ profile: REMOTE_PROFILE, simulate: 'status=429' })
    render(<CurlPanel />)
    expect(shown()).not.toContain('x-simulate')
    expect(shown()).toContain(REMOTE_PROFILE.baseUrl)
  })

  it('writes the same request as Python or TypeScript with the SDK of the pane’s dialect', () => {
    seedStore({
      dialects: ['openai-chat', 'anthropic-messages'],
      messages: history,
      simulate: 'status=429',
      composer: { text: 'And now?', images: [] },
    })
    render(<CurlPanel />)
    fireEvent.click(screen.getByRole('tab', { name: 'Python · openai' }))
    const python = () => screen.getByLabelText('Python code').textContent
    expect(python()).toBe(expectedCommand(0, 'python'))
    expect(python()).toContain('api_key=os.environ["MODEL_GATEWAY_API_KEY"]')
    // The SDK follows the pane: the Anthropic pane's Python uses `anthropic`.
    fireEvent.click(screen.getByRole('tab', { name: 'Pane 2 · Anthropic' }))
    expect(screen.getByRole('tab', { name: 'Python · anthropic' }).getAttribute('aria-selected')).toBe('true')
    expect(python()).toBe(expectedCommand(1, 'python'))
    fireEvent.click(screen.getByRole('tab', { name: 'TypeScript · @anthropic-ai/sdk' }))
    expect(screen.getByLabelText('TypeScript code').textContent).toBe(expectedCommand(1, 'typescript'))
    expect(screen.getByLabelText('TypeScript code').textContent).toContain('"x-simulate": "status=429"')
    expect(document.body.textContent).not.toContain(CURL_KEY_PLACEHOLDER)
    fireEvent.click(screen.getByRole('tab', { name: 'curl' }))
    expect(shown()).toBe(expectedCommand(1))
  })

  it('has one tab per pane in compare mode, starting on the focused pane', () => {
    seedStore({ dialects: ['openai-chat', 'anthropic-messages'] })
    render(<CurlPanel />)
    expect(screen.getByRole('tab', { name: 'Pane 1 · OpenAI' }).getAttribute('aria-selected')).toBe('true')
    expect(shown()).toBe(expectedCommand(0))
    fireEvent.click(screen.getByRole('tab', { name: 'Pane 2 · Anthropic' }))
    expect(shown()).toBe(expectedCommand(1))
  })

  it('shows the size, and warns when the body is too long for one shell argument', () => {
    seedStore({ composer: { text: 'x'.repeat(140_000), images: [] } })
    render(<CurlPanel />)
    expect(screen.getByText(/KiB command · 137 KiB body/)).toBeTruthy()
    expect(screen.getByText(/Argument list too long/)).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Copy body-from-stdin form' })).toBeTruthy()
  })

  it('offers no body-from-stdin form while the body fits in one argument', () => {
    seedStore({ composer: { text: 'short', images: [] } })
    render(<CurlPanel />)
    expect(screen.queryByRole('button', { name: 'Copy body-from-stdin form' })).toBeNull()
  })

  it('shows why instead of a command when the request is unsafe to write', () => {
    seedStore({ profile: { ...LOCAL_PROFILE, baseUrl: 'http://127.0.0.1:1/v1\r\nx-evil: 1' } })
    render(<CurlPanel />)
    expect(screen.queryByLabelText('curl command')).toBeNull()
    expect(screen.getByRole('alert').textContent).toMatch(
      /^This request cannot be written as a safe curl command: /,
    )
  })

  it('disables Copy with key in browser mode, with the reason in view', () => {
    seedStore({ canCopyWithKey: false })
    render(<CurlPanel />)
    const button = screen.getByRole('button', { name: 'Copy with key' }) as HTMLButtonElement
    expect(button.disabled).toBe(true)
    expect(screen.getByText(/Copy with key works in the desktop app only/)).toBeTruthy()
  })

  it('asks main to copy with the key the request the command shows, and tells its answer', async () => {
    seedStore({ canCopyWithKey: true, profile: REMOTE_PROFILE, dialects: ['anthropic-messages'] })
    invokeMock.mockResolvedValue({
      ok: true,
      value: { copied: true, message: 'Copied the command with the key. Treat it like a password.' },
    })
    render(<CurlPanel />)
    fireEvent.click(screen.getByRole('button', { name: 'Copy with key' }))
    await waitFor(() => expect(useAppStore.getState().notices).toHaveLength(1))
    const state = useAppStore.getState()
    const pane = state.conversation.panes[0]
    if (!pane) throw new Error('no pane')
    expect(invokeMock).toHaveBeenCalledWith('curl:copy-with-key', {
      profileId: REMOTE_PROFILE.id,
      dialect: 'anthropic-messages',
      request: paneRequest(state.conversation, pane, state.composer),
    })
    expect(state.notices[0]).toMatchObject({
      tone: 'success',
      message: 'Copied the command with the key. Treat it like a password.',
    })
  })

  it('Copy with key sends the fault being simulated, so the copy matches the command shown', async () => {
    seedStore({ canCopyWithKey: true, profile: LOCAL_PROFILE, simulate: 'status=429' })
    invokeMock.mockResolvedValue({ ok: true, value: { copied: true, message: 'Copied.' } })
    render(<CurlPanel />)
    expect(shown()).toContain("-H 'x-simulate: status=429'")
    fireEvent.click(screen.getByRole('button', { name: 'Copy with key' }))
    await waitFor(() => expect(invokeMock).toHaveBeenCalled())
    expect(invokeMock.mock.calls[0]?.[1]).toMatchObject({
      profileId: LOCAL_PROFILE.id,
      simulate: 'status=429',
    })
  })

  it('shows main’s refusal of Copy with key as a warning', async () => {
    seedStore({ canCopyWithKey: true, profile: REMOTE_PROFILE })
    invokeMock.mockResolvedValue({
      ok: true,
      value: { copied: false, message: 'The profile "Team gateway" has no API key yet.' },
    })
    render(<CurlPanel />)
    fireEvent.click(screen.getByRole('button', { name: 'Copy with key' }))
    await waitFor(() =>
      expect(useAppStore.getState().notices[0]).toMatchObject({
        tone: 'warning',
        message: 'The profile "Team gateway" has no API key yet.',
      }),
    )
  })
})
