import fc from 'fast-check'
import { expect } from 'vitest'

/**
 * Values for property tests of hand-written body checks against their zod schemas: mostly
 * well-typed, with the edges of every bound the schemas set and values of the wrong type.
 */

/** Numbers around every bound of the dialects' schemas (temperature 0–2 or 0–1, top_p, token counts). */
export const edgeNumber = fc.oneof(
  fc.constantFrom(-1, 0, 0.5, 1, 1.5, 2, 2.5, 3, 2 ** 53, -0, Number.MAX_VALUE, Infinity, NaN),
  fc.double(),
  fc.integer({ min: -5, max: 5 }),
  fc.double({ min: 0, max: 1, noNaN: true }),
  fc.integer({ min: 1, max: 4096 }),
)

/** A JSON value of any type. */
export const anything = fc.oneof(
  edgeNumber,
  fc.string(),
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
)

/** Mostly the well-typed value, sometimes anything at all. */
export const mostly = <T>(value: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 5, arbitrary: value }, { weight: 1, arbitrary: anything })

/** Absent half the time, else mostly the well-typed value. */
export const optional = (value: fc.Arbitrary<unknown>) =>
  fc.option(mostly(value), { nil: undefined, freq: 2 })

/** Absent four times in five. */
export const rarely = (value: fc.Arbitrary<unknown>) =>
  fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: value })

/** The record without its undefined members (a key whose value is undefined is dropped: JSON has none). */
export const withoutUndefined = (record: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined))

/**
 * The property every hand-written fast path before a zod schema must hold: whatever `read` takes,
 * the schema accepts and reads to the same value. `minTaken` makes sure the generator reaches bodies
 * the fast path takes (else the property says nothing).
 */
export function expectReadsAsSchema<T>(options: {
  arbitrary: fc.Arbitrary<Record<string, unknown>>
  read: (candidate: Record<string, unknown>) => T | undefined
  schema: { safeParse(value: unknown): { success: boolean; data?: unknown } }
  numRuns: number
  minTaken: number
}): void {
  let taken = 0
  fc.assert(
    fc.property(options.arbitrary, (candidate) => {
      const read = options.read(candidate)
      if (read === undefined) return
      taken++
      const parsed = options.schema.safeParse(candidate)
      expect(parsed.success).toBe(true)
      expect(read).toEqual(parsed.data)
    }),
    { numRuns: options.numRuns },
  )
  expect(taken).toBeGreaterThan(options.minTaken)
}
