import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { encodeAdjustmentsHeader, parseAdjustmentsHeader } from './gateway-adjustments-header'

const adjustment = fc.record({
  param: fc.string({ unit: 'grapheme' }),
  action: fc.constantFrom('clamped' as const, 'dropped' as const, 'defaulted' as const, 'converted' as const),
  detail: fc.string({ unit: 'binary' }),
})

describe('the x-gateway-adjustments header', () => {
  it('carries any adjustments, in visible ASCII only, and reads back the same', () => {
    fc.assert(
      fc.property(fc.array(adjustment, { maxLength: 8 }), (adjustments) => {
        const value = encodeAdjustmentsHeader(adjustments)
        expect(value).toMatch(/^[\x20-\x7e]*$/)
        expect(parseAdjustmentsHeader(value)).toEqual(adjustments)
      }),
    )
  })

  it('reads an absent header or one that is not its list as no adjustments', () => {
    for (const value of [
      null,
      undefined,
      '',
      'not json',
      '{"param":"x"}',
      '[{"param":"x","action":"eaten","detail":""}]',
    ])
      expect(parseAdjustmentsHeader(value)).toEqual([])
  })
})
