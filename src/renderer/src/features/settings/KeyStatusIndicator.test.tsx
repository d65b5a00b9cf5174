// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { KeyStatusView } from '@shared/ipc/contract'
import { resetStore } from '@renderer/features/app/__fixtures__/reset-store'
import { SESSION_REASON } from '@renderer/features/app/__fixtures__/store-fixtures'
import { useAppStore } from '@renderer/store'
import { KeyStatusIndicator } from './KeyStatusIndicator'

vi.mock('@renderer/lib/api', async () => {
  const { createFakeApi } = await import('@renderer/features/app/__fixtures__/fake-api')
  return { api: createFakeApi(), shell: 'browser' }
})

beforeEach(resetStore)
afterEach(cleanup)

function showWith(status: KeyStatusView): void {
  useAppStore.setState({ activeProfileId: 'staging', keyStatus: { staging: status } })
  render(<KeyStatusIndicator />)
}

describe('KeyStatusIndicator (header)', () => {
  it('shows the fingerprint of a key in the keychain', () => {
    showWith({ hasKey: true, storage: 'keychain', last4: '3f9a' })
    expect(screen.getByTestId('key-status').textContent).toBe('Key •••• 3f9a · keychain')
    expect(screen.queryByRole('button', { name: 'Why?' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Add key' })).toBeNull()
  })

  it('says a session-only key is for this session only, with the reason on hover and on click', () => {
    showWith({ hasKey: true, storage: 'session', last4: '3f9a', reason: SESSION_REASON })
    const label = screen.getByTestId('key-status')
    expect(label.textContent).toBe('Key •••• 3f9a · this session only')
    expect(label.getAttribute('title')).toBe(SESSION_REASON)
    const why = screen.getByRole('button', { name: 'Why?' })
    expect(why.getAttribute('aria-expanded')).toBe('false')
    expect(screen.queryByRole('note')).toBeNull()
    fireEvent.click(why)
    expect(why.getAttribute('aria-expanded')).toBe('true')
    expect(screen.getByRole('note').textContent).toBe(SESSION_REASON)
  })

  it('says "No key" and offers the way to add one', () => {
    showWith({ hasKey: false, storage: 'keychain', last4: null })
    expect(screen.getByTestId('key-status').textContent).toBe('No key')
    fireEvent.click(screen.getByRole('button', { name: 'Add key' }))
    expect(useAppStore.getState().settingsOpen).toBe(true)
  })

  it('keeps the session-only explanation for Settings while there is no key to explain', () => {
    showWith({ hasKey: false, storage: 'session', last4: null, reason: SESSION_REASON })
    expect(screen.getByTestId('key-status').textContent).toBe('No key')
    expect(screen.queryByRole('button', { name: 'Why?' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Add key' })).toBeTruthy()
  })

  it('closes the explanation on a click elsewhere', () => {
    showWith({ hasKey: true, storage: 'session', last4: '3f9a', reason: SESSION_REASON })
    fireEvent.click(screen.getByRole('button', { name: 'Why?' }))
    expect(screen.getByRole('note')).toBeTruthy()
    fireEvent.mouseDown(document.body)
    expect(screen.queryByRole('note')).toBeNull()
  })

  it('shows nothing before the status is known (never a wrong "No key")', () => {
    useAppStore.setState({ activeProfileId: 'staging', keyStatus: {} })
    const { container } = render(<KeyStatusIndicator />)
    expect(container.textContent).toBe('')
  })
})
