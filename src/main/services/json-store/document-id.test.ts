import { describe, expect, it } from 'vitest'
import { isValidDocumentId } from './document-id'

describe('isValidDocumentId', () => {
  it('accepts uuid-like and slug ids up to 128 characters', () => {
    for (const id of ['a', 'conv_01', '3f2b8c1e-9d4a-4b6f-8e2a-1c5d7e9f0a3b', 'A'.repeat(128)]) {
      expect(isValidDocumentId(id), id).toBe(true)
    }
  })

  it('rejects anything that could name another path or a hidden file', () => {
    for (const id of [
      '',
      '.',
      '..',
      '../x',
      'a/b',
      'a\\b',
      '.hidden',
      'a.json',
      'C:x',
      'a b',
      'ü',
      'a\u0000',
      'A'.repeat(129),
    ]) {
      expect(isValidDocumentId(id), JSON.stringify(id)).toBe(false)
    }
    expect(isValidDocumentId(42)).toBe(false)
  })
})
