import { describe, expect, it } from 'vitest'
import { keyLast4 } from './key-last4'

describe('keyLast4', () => {
  it('shows the last four characters of a key', () => {
    expect(keyLast4('sk-proj-abcdef123456')).toBe('3456')
  })

  it('shows fewer when the key is shorter', () => {
    expect(keyLast4('abc')).toBe('abc')
    expect(keyLast4('')).toBe('')
  })

  it('never splits a character made of a surrogate pair', () => {
    expect(keyLast4('key-ab🔑c')).toBe('ab🔑c')
    expect(keyLast4('🔑🔑🔑🔑🔑')).toBe('🔑🔑🔑🔑')
  })
})
