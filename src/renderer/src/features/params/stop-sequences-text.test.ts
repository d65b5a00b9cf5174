import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatStopSequences, parseStopSequences } from './stop-sequences-text'

describe('stop sequences text', () => {
  it('reads one sequence per line and ignores empty lines', () => {
    expect(parseStopSequences('END\n\n###\r\n')).toEqual(['END', '###'])
  })

  it('reads \\n, \\t and \\\\ as escapes and keeps other backslashes', () => {
    expect(parseStopSequences('\\n\\nUser:\na\\tb\nC:\\\\dir\n\\d+')).toEqual([
      '\n\nUser:',
      'a\tb',
      'C:\\dir',
      '\\d+',
    ])
  })

  it('writes sequences back so that reading gives them again', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary', minLength: 1 })), (sequences) => {
        expect(parseStopSequences(formatStopSequences(sequences))).toEqual(sequences)
      }),
    )
  })
})
