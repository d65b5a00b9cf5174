import { describe, expect, it } from 'vitest'
import { dispatchInvoke, type InvokeHandlers } from '../ipc/dispatch'
import { UserFacingError } from '../services/user-facing-error'
import { withRedactedErrors } from './redacting-handlers'

const KEY = 'sk-CANARY-handler-0123456789'
const redact = (text: string): string => text.split(KEY).join('[redacted]')

describe('withRedactedErrors', () => {
  it('cleans what a failing handler would send to the page, keeping the code', async () => {
    const handlers = withRedactedErrors(
      {
        'secrets:status': async () => {
          throw new UserFacingError('locked', `keyring refused ${KEY}`)
        },
        'history:list': async () => {
          throw new TypeError(`Invalid header value "Bearer ${KEY}"`)
        },
        'settings:get': async () => ({ theme: 'dark' }),
      } as unknown as InvokeHandlers,
      redact,
    )
    const userFacing = await dispatchInvoke(handlers, 'secrets:status', { profileId: 'p' })
    expect(userFacing).toEqual({
      ok: false,
      error: { code: 'locked', message: 'keyring refused [redacted]' },
    })
    const logged: string[] = []
    const internal = await dispatchInvoke(handlers, 'history:list', undefined, (line) => logged.push(line))
    expect(internal).toEqual({
      ok: false,
      error: { code: 'internal', message: 'Invalid header value "Bearer [redacted]"' },
    })
    expect(logged.join('\n')).not.toContain(KEY)
    expect(await dispatchInvoke(handlers, 'settings:get', undefined)).toEqual({
      ok: true,
      value: { theme: 'dark' },
    })
  })
})
