// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { useActionError } from './use-action-error'

afterEach(cleanup)

describe('useActionError', () => {
  it("keeps a failed action's message until an action succeeds", async () => {
    const { result } = renderHook(() => useActionError())
    await act(() =>
      result.current.run(() => Promise.reject(new Error('The conversation file is read-only.'))),
    )
    expect(result.current.error).toBe('The conversation file is read-only.')

    await act(() => result.current.run(() => Promise.resolve()))
    expect(result.current.error).toBeUndefined()
  })
})
