import { describe, expect, it } from 'vitest'
import type { WebFrameMain } from 'electron'
import { INVOKE_CHANNELS } from '../../shared/ipc/contract'
import { createTrustedFrameCheck, registerIpcHandlers } from './electron-adapter'
import type { InvokeHandlers } from './handlers'

const APP_URL = 'file:///opt/app/out/renderer/index.html'

function frame(url: string, parent: object | null = null): WebFrameMain {
  return { url, parent } as unknown as WebFrameMain
}

/** Handlers that record their calls; every channel answers its own name. */
function recordingHandlers(): { handlers: InvokeHandlers; calls: string[] } {
  const calls: string[] = []
  const handlers = Object.fromEntries(
    INVOKE_CHANNELS.map((channel) => [
      channel,
      async () => {
        calls.push(channel)
        return undefined
      },
    ]),
  ) as unknown as InvokeHandlers
  return { handlers, calls }
}

function register(isTrustedFrame = createTrustedFrameCheck(APP_URL)) {
  const registered = new Map<string, (event: unknown, input: unknown) => Promise<unknown>>()
  const { handlers, calls } = recordingHandlers()
  registerIpcHandlers({
    ipcMain: { handle: (channel: string, fn: never) => registered.set(channel, fn) } as never,
    handlers,
    isTrustedFrame,
    log: () => undefined,
  })
  return { registered, calls }
}

describe('registerIpcHandlers', () => {
  it('registers exactly one handler per contract channel', () => {
    const { registered } = register()
    expect([...registered.keys()].sort()).toEqual([...INVOKE_CHANNELS].sort())
  })

  it('answers a trusted frame through the shared dispatch', async () => {
    const { registered, calls } = register()
    const result = await registered.get('history:list')?.({ senderFrame: frame(APP_URL) }, undefined)
    expect(result).toEqual({ ok: true, value: undefined })
    expect(calls).toEqual(['history:list'])
  })

  it('refuses other pages, iframes and vanished frames before anything runs', async () => {
    const { registered, calls } = register()
    for (const senderFrame of [
      frame('https://evil.example/index.html'),
      frame('file:///tmp/other.html'),
      frame(APP_URL, { url: APP_URL }),
      null,
    ]) {
      const result = await registered.get('secrets:status')?.({ senderFrame }, { profileId: 'local' })
      expect(result).toMatchObject({ ok: false, error: { code: 'forbidden' } })
    }
    expect(calls).toEqual([])
  })

  it('refuses invalid input from a trusted frame without calling the handler', async () => {
    const { registered, calls } = register()
    const result = await registered.get('secrets:set')?.(
      { senderFrame: frame(APP_URL) },
      { profileId: 'x', key: 42 },
    )
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' } })
    expect(calls).toEqual([])
  })
})

describe('createTrustedFrameCheck', () => {
  it('accepts the dev server page in development and nothing else on that host', () => {
    const check = createTrustedFrameCheck('http://localhost:5173/')
    expect(check(frame('http://localhost:5173/'))).toBe(true)
    expect(check(frame('http://localhost:5174/'))).toBe(false)
    expect(check(frame('http://localhost:5173/other'))).toBe(false)
  })
  it('is not fooled by unparsable urls', () => {
    expect(createTrustedFrameCheck(APP_URL)(frame('not a url'))).toBe(false)
  })
})
