import { describe, expect, it } from 'vitest'
import type { WebFrameMain } from 'electron'
import { INVOKE_CHANNELS } from '@shared/ipc/contract'
import { createFakeHandlers } from '@test/support/fake-handlers'
import { createTrustedFrameCheck, registerIpcHandlers } from './electron-adapter'

const APP_URL = 'file:///opt/app/out/renderer/index.html'

function frame(url: string, parent: object | null = null): WebFrameMain {
  return { url, parent } as unknown as WebFrameMain
}

function register(isTrustedFrame = createTrustedFrameCheck(APP_URL)) {
  const registered = new Map<string, (event: unknown, input: unknown) => Promise<unknown>>()
  const fake = createFakeHandlers()
  registerIpcHandlers({
    ipcMain: {
      // As Electron does: a second handler for one channel is an error, never a silent overwrite.
      handle: (channel: string, fn: never) => {
        if (registered.has(channel))
          throw new Error(`Attempted to register a second handler for '${channel}'`)
        registered.set(channel, fn)
      },
    } as never,
    handlers: fake.handlers,
    isTrustedFrame,
    log: () => undefined,
  })
  return { registered, fake }
}

describe('registerIpcHandlers', () => {
  it('routes every channel the renderer may call to its own handler and no other', async () => {
    const { registered, fake } = register()
    let answered = 0
    for (const channel of INVOKE_CHANNELS) {
      const call = registered.get(channel)
      expect(call, `${channel} is not registered`).toBeDefined()
      // No input: channels that take none reach their handler, the others stop at validation.
      const result = (await call?.({ senderFrame: frame(APP_URL) }, undefined)) as { ok: boolean }
      const ran = Object.entries(fake.spies).filter(([, spy]) => spy.mock.calls.length > 0)
      expect(ran.map(([name]) => name)).toEqual(result.ok ? [channel] : [])
      if (result.ok) answered++
      for (const spy of Object.values(fake.spies)) spy.mockClear()
    }
    // Not vacuous: several channels take no input and were answered.
    expect(answered).toBeGreaterThan(1)
  })

  it('answers a trusted frame through the shared dispatch', async () => {
    const { registered, fake } = register()
    const result = await registered.get('history:list')?.({ senderFrame: frame(APP_URL) }, undefined)
    expect(result).toEqual({ ok: true, value: undefined })
    expect(fake.spies['history:list']).toHaveBeenCalledOnce()
    expect(fake.totalCalls()).toBe(1)
  })

  it('refuses other pages, iframes and vanished frames before anything runs', async () => {
    const { registered, fake } = register()
    for (const senderFrame of [
      frame('https://evil.example/index.html'),
      frame('file:///tmp/other.html'),
      frame(APP_URL, { url: APP_URL }),
      null,
    ]) {
      const result = await registered.get('secrets:status')?.({ senderFrame }, { profileId: 'local' })
      expect(result).toMatchObject({ ok: false, error: { code: 'forbidden' } })
    }
    expect(fake.totalCalls()).toBe(0)
  })

  it('refuses invalid input from a trusted frame without calling the handler', async () => {
    const { registered, fake } = register()
    const result = await registered.get('secrets:set')?.(
      { senderFrame: frame(APP_URL) },
      { profileId: 'x', key: 42 },
    )
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' } })
    expect(fake.totalCalls()).toBe(0)
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
