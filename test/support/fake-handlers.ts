import { vi, type Mock } from 'vitest'
import { INVOKE_CHANNELS, type InvokeChannel } from '@shared/ipc/contract'
import type { InvokeHandlers } from '@main/ipc/dispatch'

export type FakeHandlers = {
  handlers: InvokeHandlers
  spies: Record<InvokeChannel, Mock>
  /** How many times any handler ran: a refused request must leave this at zero. */
  totalCalls(): number
}

/** A spy for every contract channel; app:info answers like browser mode would. */
export function createFakeHandlers(): FakeHandlers {
  const spies = Object.fromEntries(
    INVOKE_CHANNELS.map((channel) => [channel, vi.fn(async () => undefined)]),
  ) as Record<InvokeChannel, Mock>
  spies['app:info'].mockImplementation(async () => ({
    version: '0.0.0-test',
    shell: 'browser',
    platform: 'linux',
    quarantinedFiles: [],
    canCopyWithKey: false,
  }))
  return {
    handlers: spies as unknown as InvokeHandlers,
    spies,
    totalCalls: () => Object.values(spies).reduce((sum, spy) => sum + spy.mock.calls.length, 0),
  }
}
