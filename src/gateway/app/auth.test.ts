import { describe, expect, it } from 'vitest'
import { createKeyCheck } from './auth'

describe('createKeyCheck', () => {
  const matches = createKeyCheck('sk-local-example')

  it('accepts exactly the configured key', () => {
    expect(matches('sk-local-example')).toBe(true)
  })

  it('refuses a missing, empty, shorter, longer or differently cased key', () => {
    for (const presented of [
      undefined,
      '',
      'sk-local-exampl',
      'sk-local-example ',
      'sk-local-examplex',
      'SK-LOCAL-EXAMPLE',
    ]) {
      expect(matches(presented)).toBe(false)
    }
  })
})
