// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { resetStore } from './__fixtures__/reset-store'
import { useAppStore } from '@renderer/store'
import { NOTICE_TIMEOUT_MS, PROBLEM_NOTICE_TIMEOUT_MS } from './app-slice'
import { Notices } from './Notices'

vi.mock('@renderer/lib/api', async () => {
  const { createFakeApi } = await import('./__fixtures__/fake-api')
  return { api: createFakeApi(), shell: 'browser' }
})

beforeEach(() => {
  resetStore()
  vi.useFakeTimers()
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

describe('Notices', () => {
  it('announces errors as alerts that stay longer than confirmations, then go by themselves', () => {
    render(<Notices />)
    act(() => useAppStore.getState().notify('error', 'Could not import notes.json: not JSON'))
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toContain('Could not import notes.json: not JSON')
    act(() => vi.advanceTimersByTime(NOTICE_TIMEOUT_MS * 2))
    expect(screen.getByRole('alert')).toBe(alert)
    act(() => vi.advanceTimersByTime(PROBLEM_NOTICE_TIMEOUT_MS))
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('dismisses a notice at once with its close button', () => {
    render(<Notices />)
    act(() => useAppStore.getState().notify('warning', 'Copy with key works in the desktop app only.'))
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }))
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('keeps a notice while the pointer is on it, and lets it go a full lifetime after it leaves', () => {
    render(<Notices />)
    act(() => useAppStore.getState().notify('error', 'The image is 24.0 MB; images can be at most 5 MB.'))
    const alert = screen.getByRole('alert')
    fireEvent.pointerEnter(alert)
    act(() => vi.advanceTimersByTime(PROBLEM_NOTICE_TIMEOUT_MS * 4))
    expect(screen.getByRole('alert')).toBe(alert)
    fireEvent.pointerLeave(alert)
    act(() => vi.advanceTimersByTime(PROBLEM_NOTICE_TIMEOUT_MS - 1))
    expect(screen.getByRole('alert')).toBe(alert)
    act(() => vi.advanceTimersByTime(1))
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('shows confirmations as polite status messages that go away by themselves', () => {
    render(<Notices />)
    act(() => useAppStore.getState().notify('success', 'Imported “Greeting test”.'))
    expect(screen.getByRole('status').textContent).toContain('Imported “Greeting test”.')
    expect(screen.queryByRole('alert')).toBeNull()
    act(() => vi.advanceTimersByTime(NOTICE_TIMEOUT_MS))
    expect(screen.queryByRole('status')).toBeNull()
  })
})
