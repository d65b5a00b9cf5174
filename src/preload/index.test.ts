import { describe, expect, it, vi } from 'vitest'
import { EVENT_CHANNELS, INVOKE_CHANNELS, type PlaygroundApi } from '@shared/ipc/contract'

const electron = vi.hoisted(() => {
  const exposed: Record<string, unknown> = {}
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>()
  const invoked: Array<[string, unknown]> = []
  return {
    exposed,
    listeners,
    invoked,
    module: {
      contextBridge: { exposeInMainWorld: (name: string, value: unknown) => (exposed[name] = value) },
      ipcRenderer: {
        invoke: async (channel: string, input: unknown) => {
          invoked.push([channel, input])
          return { ok: true, value: channel }
        },
        on: (channel: string, fn: (...args: unknown[]) => void) => {
          if (!listeners.has(channel)) listeners.set(channel, new Set())
          listeners.get(channel)?.add(fn)
        },
        removeListener: (channel: string, fn: (...args: unknown[]) => void) =>
          listeners.get(channel)?.delete(fn),
      },
    },
  }
})
vi.mock('electron', () => electron.module)
await import('./index')
const api = electron.exposed['api'] as PlaygroundApi

describe('preload', () => {
  it('exposes exactly invoke and on as window.api', () => {
    expect(Object.keys(api).sort()).toEqual(['invoke', 'on'])
  })

  it('forwards every contract channel to ipcRenderer.invoke and refuses any other', async () => {
    for (const channel of INVOKE_CHANNELS) await api.invoke(channel, undefined as never)
    expect(electron.invoked.map(([channel]) => channel)).toEqual(INVOKE_CHANNELS)
    await expect(api.invoke('fs:read' as never, undefined as never)).rejects.toThrow(/Unknown channel/)
    expect(electron.invoked).toHaveLength(INVOKE_CHANNELS.length)
  })

  it('delivers events of contract channels without the IPC event object, and unsubscribes', () => {
    const seen: unknown[] = []
    const channel = EVENT_CHANNELS[0] as (typeof EVENT_CHANNELS)[number]
    const off = api.on(channel, (payload) => seen.push(payload))
    for (const fn of electron.listeners.get(channel) ?? [])
      fn({ sender: 'ipc event' }, { runId: 'r', seq: 0 })
    expect(seen).toEqual([{ runId: 'r', seq: 0 }])
    off()
    expect(electron.listeners.get(channel)?.size).toBe(0)
    expect(() => api.on('fs:watch' as never, () => undefined)).toThrow(/Unknown event/)
  })
})
