import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { invokeChannels } from '../ipc/contract'
import { apiKeyProblem } from './api-key'

const secretsSet = invokeChannels['secrets:set'].input

describe('API keys', () => {
  it('accepts printable ASCII without whitespace, exactly as given', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[\x21-\x7e]{1,200}$/), (key) => {
        expect(apiKeyProblem(key)).toBeUndefined()
        expect(secretsSet.parse({ profileId: 'p', key }).key).toBe(key)
      }),
    )
  })

  it('refuses a trailing or leading line break at the channel (the form trims a paste before sending)', () => {
    for (const key of ['sk-abc\r\n', '\nsk-abc', ' sk-abc']) {
      const result = secretsSet.safeParse({ profileId: 'p', key })
      expect(result.success).toBe(false)
      expect(result.error!.issues[0]!.message).not.toContain('sk-abc')
    }
  })

  it('refuses a key with a line break, space, control or non-ASCII character inside, without quoting it', () => {
    const inside = fc.constantFrom('\r\n', '\n', '\r', ' ', '\t', '\u0000', '\u007f', 'é', '\u2028', '🔑')
    fc.assert(
      fc.property(
        fc.stringMatching(/^[\x21-\x7e]{4,40}$/),
        inside,
        fc.stringMatching(/^[\x21-\x7e]{4,40}$/),
        (a, bad, b) => {
          const key = a + bad + b
          const result = secretsSet.safeParse({ profileId: 'p', key })
          expect(result.success).toBe(false)
          const message = result.error!.issues[0]!.message
          expect(message).toMatch(/printable ASCII without spaces/)
          expect(message).toContain(`character ${a.length + 1}`)
          for (const piece of [a, b]) expect(message).not.toContain(piece)
        },
      ),
    )
  })

  it('says which problem it is in words', () => {
    expect(apiKeyProblem('sk-abc\r\nX-Injected: 1')).toMatch(/line break/)
    expect(apiKeyProblem('sk abc')).toMatch(/a space/)
    expect(apiKeyProblem('')).toMatch(/Paste or type the key/)
    expect(apiKeyProblem('x'.repeat(5000))).toMatch(/longer than 4096/)
  })
})
