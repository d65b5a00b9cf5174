import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { memoizeLongText } from './long-text-memo'

/** A stand-in computation (a tokenizer, one "token" per character) that records what it was asked. */
function recordingCounter(): { count: (text: string) => number; asked: string[] } {
  const asked: string[] = []
  return { asked, count: (text) => (asked.push(text), text.length) }
}

describe('memoizeLongText', () => {
  it('counts a long text once, however often it is asked', () => {
    const tokenizer = recordingCounter()
    const count = memoizeLongText(tokenizer.count, { minChars: 4, maxChars: 100 })
    expect([count('settled turn'), count('settled turn'), count('settled turn')]).toEqual([12, 12, 12])
    expect(tokenizer.asked).toEqual(['settled turn'])
  })

  it('counts short texts and texts over the whole budget every time (never kept)', () => {
    const tokenizer = recordingCounter()
    const count = memoizeLongText(tokenizer.count, { minChars: 4, maxChars: 10 })
    count('abc')
    count('abc')
    count('x'.repeat(11))
    count('x'.repeat(11))
    expect(tokenizer.asked).toEqual(['abc', 'abc', 'x'.repeat(11), 'x'.repeat(11)])
  })

  it('drops the least recently used texts first when over its character budget', () => {
    const tokenizer = recordingCounter()
    const count = memoizeLongText(tokenizer.count, { minChars: 1, maxChars: 10 })
    count('aaaa')
    count('bbbb')
    count('aaaa') // used again: now bbbb is the oldest
    count('cccc') // 12 characters: bbbb goes
    tokenizer.asked.length = 0
    count('aaaa')
    count('cccc')
    count('bbbb')
    expect(tokenizer.asked).toEqual(['bbbb'])
  })

  it('always answers what the tokenizer answers; texts that fit its budget together are counted once', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ maxLength: 12 }), { maxLength: 60 }),
        fc.integer({ min: 1, max: 40 }),
        (texts, maxChars) => {
          const tokenizer = recordingCounter()
          const count = memoizeLongText(tokenizer.count, { minChars: 2, maxChars })
          for (const text of texts) expect(count(text)).toBe(text.length)
          expect(tokenizer.asked.length).toBeLessThanOrEqual(texts.length)
          const distinct = new Set(texts.filter((t) => t.length >= 2))
          const total = [...distinct].reduce((sum, t) => sum + t.length, 0)
          if (total <= maxChars) {
            const cachedAsks = tokenizer.asked.filter((t) => t.length >= 2)
            expect(cachedAsks.length).toBe(distinct.size)
          }
        },
      ),
    )
  })
})
