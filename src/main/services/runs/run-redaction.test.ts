import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createRunRedactor, SHOWN_BODY_CHARS } from './run-redaction'

const KEY = 'sk-CANARY-clip-0f8e2c1a-5b7d-4e3f'

/** Any 6-character piece of the key: half a key is a leak too. */
function pieces(text: string): string[] {
  const found: string[] = []
  for (let i = 0; i + 6 <= KEY.length; i++)
    if (text.includes(KEY.slice(i, i + 6))) found.push(KEY.slice(i, i + 6))
  return found
}

describe('RunRedactor.clip: redact, then truncate', () => {
  const redactor = createRunRedactor(KEY)

  it('never leaves a piece of a key that a cut went through, wherever the cut falls', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), fc.nat(120), (before, max) => {
        fc.pre(max >= 1)
        const out = redactor.clip(`${before}${KEY} and after`, max)
        expect(pieces(out)).toEqual([])
        expect(out.length).toBeLessThanOrEqual(max + 1)
      }),
    )
  })

  it('hides a key the read cap cut in the middle (the body ended inside it)', () => {
    expect(redactor.clip(`error: ${KEY.slice(0, 20)}`, 1000, true)).toBe('error: [redacted]')
    expect(redactor.clip(`error: ${KEY.slice(0, 20)}`, 1000, false)).toBe(`error: ${KEY.slice(0, 20)}`)
  })

  it('keeps a text without the key as it is, cut with an ellipsis only when too long', () => {
    expect(redactor.clip('short', 10)).toBe('short')
    expect(redactor.clip('a'.repeat(20), 10)).toBe(`${'a'.repeat(10)}…`)
  })
})

describe('RunRedactor.request: the body the inspector is handed', () => {
  const redactor = createRunRedactor(KEY)
  const http = (body: string) => ({
    method: 'POST' as const,
    url: 'http://127.0.0.1:1/v1/chat/completions',
    headers: {},
    body,
  })

  it('is the whole body (key redacted) up to SHOWN_BODY_CHARS', () => {
    const body = `{"messages":"${KEY}"}`
    expect(redactor.request(http(body))).toEqual({ ...http('{"messages":"[redacted]"}') })
  })

  it('is the head of a longer body with its whole length, and no piece of a key the cut went through', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -KEY.length - 4, max: 4 }),
        fc.integer({ min: KEY.length + 5, max: 5_000 }),
        (offset, tail) => {
          const at = SHOWN_BODY_CHARS + offset
          const body = 'a'.repeat(at) + KEY + 'b'.repeat(tail)
          const shown = redactor.request(http(body))
          expect(shown.bodyChars).toBe(body.length)
          expect(shown.body?.length).toBeLessThanOrEqual(SHOWN_BODY_CHARS)
          expect(pieces(shown.body ?? '')).toEqual([])
          // What is shown is the body as sent up to the marker (which the cut may have shortened).
          expect(body.startsWith((shown.body ?? '').replace(/\[.*$/, ''))).toBe(true)
        },
      ),
      { numRuns: 60 },
    )
  })
})
