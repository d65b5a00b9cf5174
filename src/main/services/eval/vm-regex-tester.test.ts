import { describe, expect, it } from 'vitest'
import { createVmRegexTester } from './vm-regex-tester'

describe('createVmRegexTester', () => {
  it('matches like RegExp#test', () => {
    const test = createVmRegexTester()
    expect(test(/^\d+$/, '123')).toBe(true)
    expect(test(/^\d+$/, '12a')).toBe(false)
    // A global regex keeps lastIndex between calls in JavaScript; the tester must not change that meaning.
    expect(test(/o/i, 'Oslo')).toBe(true)
  })

  it('stops a catastrophic pattern the static guard does not know (alternation) with a reason', () => {
    const test = createVmRegexTester(100)
    expect(() => test(/^(a|a)*$/, `${'a'.repeat(40)}b`)).toThrow('the pattern ran longer than 100 ms')
  })
})
