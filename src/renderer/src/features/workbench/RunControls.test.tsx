// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { act } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { resetStore } from '@renderer/features/app/__fixtures__/reset-store'
import { useAppStore } from '@renderer/store'
import { RunControls } from './RunControls'

vi.mock('@renderer/lib/api', async () => {
  const { createFakeApi } = await import('@renderer/features/app/__fixtures__/fake-api')
  return { api: createFakeApi(), shell: 'browser' }
})

const TARGET = { id: 'local/openai-chat:m', connection: 'local', model: 'm', dialect: 'openai-chat' } as const

describe('RunControls', () => {
  beforeEach(() => resetStore())
  afterEach(cleanup)

  it('says why Run is disabled, and enables it once there is a case and a target', () => {
    render(<RunControls />)
    const run = screen.getByRole('button', { name: 'Run' })
    expect(run).toHaveProperty('disabled', true)
    expect(screen.getByText(/Add a case/)).toBeTruthy()

    act(() => useAppStore.getState().setCases([{ id: 'row-1', vars: { city: 'Oslo' } }]))
    expect(screen.getByText('Add a target to run.')).toBeTruthy()

    act(() => useAppStore.setState({ wbTargets: [TARGET] }))
    expect(screen.queryByText(/to run\./)).toBeNull()
    expect(run).toHaveProperty('disabled', false)
  })
})
