// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { resetStore } from './__fixtures__/reset-store'
import { useAppStore } from '../../store'
import { NOTICE_TIMEOUT_MS } from './app-slice'
import { Notices } from './Notices'

vi.mock('../../lib/api', async () => {
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
  it('announces errors as alerts that stay until dismissed', () => {
    render(<Notices />)
    act(() => useAppStore.getState().notify('error', 'Could not import notes.json: not JSON'))
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toContain('Could not import notes.json: not JSON')
    act(() => vi.advanceTimersByTime(NOTICE_TIMEOUT_MS * 3))
    expect(screen.getByRole('alert')).toBe(alert)
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }))
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
