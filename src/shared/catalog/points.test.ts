import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { CatalogUsageReference } from './catalog-schema'
import { pointsForUsage, pointsPerMillionTokens, pointsValue, usageRates } from './points'

// Usage references exactly as the spec's §2.6 table lists the amounts.
const VISION_REFERENCE: Pick<CatalogUsageReference, 'items'> = {
  items: [
    { key: 'input', label: 'Input', amount: '0.14', unit: 'pts / 1M tokens', value: '0.14 pts / 1M tokens' },
    {
      key: 'output',
      label: 'Output',
      amount: '0.28',
      unit: 'pts / 1M tokens',
      value: '0.28 pts / 1M tokens',
    },
    {
      key: 'cache_read',
      label: 'Cache read',
      amount: '0.0028',
      unit: 'pts / 1M tokens',
      value: '0.0028 pts / 1M tokens',
    },
  ],
}
const TEXT_REFERENCE: Pick<CatalogUsageReference, 'items'> = {
  items: [
    { key: 'input', label: 'Input', amount: '0.15', unit: 'pts / 1M tokens', value: '0.15 pts / 1M tokens' },
    {
      key: 'output',
      label: 'Output',
      amount: '0.46999999999999995',
      unit: 'pts / 1M tokens',
      value: '0.46999999999999995 pts / 1M tokens',
    },
    {
      key: 'cache_read',
      label: 'Cache read',
      amount: '0.016',
      unit: 'pts / 1M tokens',
      value: '0.016 pts / 1M tokens',
    },
  ],
}

describe('pointsPerMillionTokens', () => {
  it.each([
    ['1.4e-7', '0.14'],
    ['2.8e-7', '0.28'],
    ['2.8e-9', '0.0028'],
    ['1.5e-7', '0.15'],
    ['4.6999999999999995e-7', '0.46999999999999995'],
    ['1.6e-8', '0.016'],
    ['0.000003', '3'],
    ['0', '0'],
  ])('%s USD per token is %s points per 1M tokens', (price, points) => {
    expect(pointsPerMillionTokens(price)).toBe(points)
  })

  it('refuses a price that is not a number instead of showing NaN', () => {
    expect(() => pointsPerMillionTokens('free')).toThrow()
  })
})

describe('pointsValue', () => {
  it('is the amount, a space, then the unit', () => {
    expect(pointsValue('0.46999999999999995')).toBe('0.46999999999999995 pts / 1M tokens')
    expect(pointsValue('0.0028')).toBe('0.0028 pts / 1M tokens')
  })
})

describe('pointsForUsage', () => {
  it('charges uncached input, cache reads and output at their own rates (input includes cache reads)', () => {
    // 600 × 0.14 + 400 × 0.0028 + 500 × 0.28 = 84 + 1.12 + 140 = 225.12, per 1M tokens.
    expect(
      pointsForUsage({ inputTokens: 1000, cacheReadTokens: 400, outputTokens: 500 }, VISION_REFERENCE),
    ).toBe('0.00022512')
  })

  it('keeps every digit of the text model output rate', () => {
    expect(pointsForUsage({ inputTokens: 1_000_000, outputTokens: 1_000_000 }, TEXT_REFERENCE)).toBe(
      '0.61999999999999995',
    )
    // 3 × 0.46999999999999995 = 1.40999999999999985
    expect(pointsForUsage({ inputTokens: 0, outputTokens: 3 }, TEXT_REFERENCE)).toBe(
      '0.00000140999999999999985',
    )
  })

  it('counts a fully cached prompt at the cache-read rate only', () => {
    expect(
      pointsForUsage({ inputTokens: 2000, cacheReadTokens: 2000, outputTokens: 0 }, TEXT_REFERENCE),
    ).toBe('0.000032')
  })

  it('counts cache writes at the input rate (no separate rate in the spec)', () => {
    expect(pointsForUsage({ inputTokens: 100, cacheWriteTokens: 100, outputTokens: 0 }, TEXT_REFERENCE)).toBe(
      '0.000015',
    )
  })

  it('is zero for an empty reply', () => {
    expect(pointsForUsage({ inputTokens: 0, outputTokens: 0 }, VISION_REFERENCE)).toBe('0')
  })

  it('never goes negative when a usage reports more cached than total input tokens', () => {
    expect(
      pointsForUsage({ inputTokens: 10, cacheReadTokens: 1000, outputTokens: 0 }, VISION_REFERENCE),
    ).toBe('0.0000028')
  })

  it('refuses token counts that are not non-negative integers', () => {
    expect(() => pointsForUsage({ inputTokens: -1, outputTokens: 0 }, VISION_REFERENCE)).toThrow(RangeError)
    expect(() => pointsForUsage({ inputTokens: 1.5, outputTokens: 0 }, VISION_REFERENCE)).toThrow(RangeError)
    expect(() => pointsForUsage({ inputTokens: 0, outputTokens: Number.NaN }, VISION_REFERENCE)).toThrow(
      RangeError,
    )
  })

  it('refuses a usage reference without every rate', () => {
    const withoutCacheRead = { items: VISION_REFERENCE.items.filter((item) => item.key !== 'cache_read') }
    expect(() => usageRates(withoutCacheRead)).toThrow(/cache_read/)
    expect(() => pointsForUsage({ inputTokens: 1, outputTokens: 1 }, withoutCacheRead)).toThrow(/cache_read/)
  })

  it('equals BigInt fixed-point reference arithmetic for any usage', () => {
    // Reference: every amount as an integer count of 1e-30 points; the result has 36 fraction digits.
    const SCALE = 30
    const toScaled = (amount: string): bigint => {
      const [integer = '', fraction = ''] = amount.split('.')
      return BigInt(integer + fraction.padEnd(SCALE, '0'))
    }
    const format = (scaled: bigint, fractionDigits: number): string => {
      const text = scaled.toString().padStart(fractionDigits + 1, '0')
      const integer = text.slice(0, text.length - fractionDigits)
      const fraction = text.slice(text.length - fractionDigits).replace(/0+$/, '')
      return fraction === '' ? integer : `${integer}.${fraction}`
    }
    const count = fc.integer({ min: 0, max: 50_000_000 })
    fc.assert(
      fc.property(
        fc.constantFrom(VISION_REFERENCE, TEXT_REFERENCE),
        count,
        count,
        count,
        (reference, inputTokens, cacheReadTokens, outputTokens) => {
          const amount = (key: string) =>
            toScaled(reference.items.find((item) => item.key === key)?.amount ?? '')
          const uncached = BigInt(Math.max(0, inputTokens - cacheReadTokens))
          const total =
            uncached * amount('input') +
            BigInt(cacheReadTokens) * amount('cache_read') +
            BigInt(outputTokens) * amount('output')
          expect(pointsForUsage({ inputTokens, cacheReadTokens, outputTokens }, reference)).toBe(
            format(total, SCALE + 6),
          )
        },
      ),
      { numRuns: 500 },
    )
  })
})
