// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { FakeApi } from '@renderer/features/app/__fixtures__/fake-api'
import { api as mockedApi } from '@renderer/lib/api'
import { ExternalLink } from './ExternalLink'

const mode = vi.hoisted(() => ({ shell: 'browser' as 'browser' | 'electron' }))
vi.mock('@renderer/lib/api', async () => {
  const { createFakeApi } = await import('@renderer/features/app/__fixtures__/fake-api')
  const api = createFakeApi()
  return {
    api,
    get shell() {
      return mode.shell
    },
  }
})

const api = mockedApi as FakeApi
const URL_TO_OPEN = 'https://gateway.example.com/login?return_to=https%3A%2F%2Fgateway.example.com%2Fmodels'

/** Whether the app let the click through (then stops it: the test browser must not navigate). */
let clickWentThrough: boolean | undefined
function recordClick(event: Event): void {
  clickWentThrough = !event.defaultPrevented
  event.preventDefault()
}

beforeEach(() => {
  api.reset()
  clickWentThrough = undefined
  // Bubble phase on the document: after React's handler on the root.
  document.addEventListener('click', recordClick)
})
afterEach(() => {
  document.removeEventListener('click', recordClick)
  cleanup()
})

describe('ExternalLink', () => {
  it('is a plain new-tab link without opener or referrer in browser mode', () => {
    mode.shell = 'browser'
    render(<ExternalLink href={URL_TO_OPEN}>Sign in</ExternalLink>)
    const link = screen.getByRole('link', { name: 'Sign in' })
    expect(link.getAttribute('target')).toBe('_blank')
    expect(link.getAttribute('rel')).toBe('noopener noreferrer')
    fireEvent.click(link)
    expect(clickWentThrough).toBe(true)
    expect(api.calls).toEqual([])
  })

  it('asks main to open it in the system browser in Electron, and the window stays put', async () => {
    mode.shell = 'electron'
    api.handle('shell:open-external', () => undefined)
    render(<ExternalLink href={URL_TO_OPEN}>Sign in</ExternalLink>)
    const link = screen.getByRole('link', { name: 'Sign in' })
    fireEvent.click(link)
    expect(clickWentThrough).toBe(false)
    expect(api.callsTo('shell:open-external')).toEqual([{ url: URL_TO_OPEN }])
  })

  it("reports main's refusal", async () => {
    mode.shell = 'electron'
    api.handle('shell:open-external', () => {
      throw new Error('Only http(s) links can be opened.')
    })
    const onError = vi.fn()
    render(
      <ExternalLink href={URL_TO_OPEN} onError={onError}>
        Sign in
      </ExternalLink>,
    )
    fireEvent.click(screen.getByRole('link', { name: 'Sign in' }))
    await vi.waitFor(() => expect(onError).toHaveBeenCalledWith('Only http(s) links can be opened.'))
  })
})
