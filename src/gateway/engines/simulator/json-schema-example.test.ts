import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { SCHEMAS } from './__fixtures__/schemas'
import { validateJsonSchema } from './__fixtures__/validate-json-schema'
import { exampleFromSchema } from './json-schema-example'
import { Sampler } from './sampler'
import { findPlace, type ValueHints } from './value-hints'

const hints: ValueHints = {
  userText: 'What is the weather in New York this weekend?',
  place: 'New York',
  sentence: 'This is a simulated reply.',
}

function example(schema: unknown, seed = 1, greedy = false): unknown {
  return exampleFromSchema(schema, new Sampler(seed, { greedy }), hints)
}

describe('exampleFromSchema', () => {
  for (const [name, schema] of Object.entries(SCHEMAS)) {
    it(`${name}: the value is valid against the schema, greedy and for many seeds`, () => {
      for (const [seed, greedy] of [
        [0, true],
        ...Array.from({ length: 40 }, (_, i) => [i + 1, false]),
      ] as Array<[number, boolean]>) {
        const value = example(schema, seed, greedy)
        expect(
          validateJsonSchema(value, schema),
          `seed ${seed} greedy ${greedy}: ${JSON.stringify(value)}`,
        ).toEqual([])
      }
    })
  }

  it('fills properties from the user message where the name suggests it', () => {
    expect(example(SCHEMAS['weather'], 7, true)).toMatchObject({ city: 'New York' })
    const hinted = example(SCHEMAS['hinted'], 7, true) as Record<string, unknown>
    expect(hinted['location']).toBe('New York')
    expect(hinted['query']).toBe(hints.userText)
    expect(hinted['email']).toMatch(/@example\.com$/)
  })

  it('is deterministic for a seed and varies between seeds', () => {
    const schema = SCHEMAS['arrays']
    expect(example(schema, 42)).toEqual(example(schema, 42))
    const distinct = new Set(Array.from({ length: 10 }, (_, seed) => JSON.stringify(example(schema, seed))))
    expect(distinct.size).toBeGreaterThan(1)
  })

  it('follows $ref cycles to a finite value and ends recursive lists with null', () => {
    const value = example(SCHEMAS['recursiveDefs'], 3, true)
    let node = (value as { head: { next: unknown } }).head
    let length = 1
    while (node.next !== null) {
      node = node.next as { next: unknown }
      length++
    }
    expect(length).toBeGreaterThan(1)
    expect(length).toBeLessThan(40)
  })

  it('keeps required recursion finite even when no branch ends it', () => {
    const schema = { type: 'object', properties: { child: { $ref: '#' } }, required: ['child'] }
    expect(() => JSON.stringify(example(schema))).not.toThrow()
  })

  it('makes a value valid against any schema built from the supported keywords (property)', () => {
    fc.assert(
      fc.property(arbitrarySchema, fc.nat(), fc.boolean(), (schema, seed, greedy) => {
        const value = example(schema, seed, greedy)
        expect(validateJsonSchema(value, schema), JSON.stringify({ schema, value })).toEqual([])
      }),
      { numRuns: 400 },
    )
  })
})

describe('findPlace', () => {
  it('reads a capitalized place after a preposition', () => {
    expect(findPlace('Weather in Paris?')).toBe('Paris')
    expect(findPlace('flights from San Francisco to Tokyo')).toBe('San Francisco')
    expect(findPlace('what is the weather like')).toBeUndefined()
  })
})

// ── A generator of satisfiable schemas over the supported keywords ─────────────────────────────
const propertyName = fc.constantFrom(
  'city',
  'query',
  'count',
  'name',
  'value',
  'id',
  'tags',
  'email',
  'x',
  'latitude',
)

const stringSchema = fc.oneof(
  fc
    .tuple(fc.nat(12), fc.nat(20))
    .map(([minLength, extra]) => ({ type: 'string', minLength, maxLength: minLength + extra })),
  fc.constantFrom('date', 'date-time', 'time', 'email', 'uri', 'uuid', 'ipv4', 'hostname').map((format) => ({
    type: 'string',
    format,
  })),
  fc
    .constantFrom(
      '^[a-z]{3}$',
      '^\\d+$',
      '^(yes|no|maybe)$',
      '^[A-Z][a-z]*$',
      '^\\w{2,8}$',
      '^[^,]+,[^,]+$',
      'x?y{2}z*',
    )
    .map((pattern) => ({ type: 'string', pattern })),
)

const numberSchema = fc.oneof(
  fc
    .tuple(
      fc.integer({ min: -1000, max: 1000 }),
      fc.nat(50),
      fc.option(fc.integer({ min: 1, max: 7 }), { nil: undefined }),
    )
    .map(([minimum, width, multipleOf]) => ({
      type: 'integer',
      minimum,
      maximum: minimum + width + 2 * (multipleOf ?? 1),
      ...(multipleOf === undefined ? {} : { multipleOf }),
    })),
  fc.tuple(fc.integer({ min: -100, max: 100 }), fc.integer({ min: 1, max: 30 })).map(([low, width]) => ({
    type: 'number',
    exclusiveMinimum: low / 4,
    exclusiveMaximum: low / 4 + width / 4,
  })),
  fc.constantFrom(0.5, 0.25, 0.1, 0.01).map((multipleOf) => ({ type: 'number', multipleOf, minimum: 0.3 })),
)

const leafSchema = fc.oneof(
  fc.constant({ type: 'boolean' }),
  fc.constant({ type: 'null' }),
  fc.constant({}),
  stringSchema,
  numberSchema,
  fc
    .array(fc.jsonValue({ maxDepth: 2 }), { minLength: 1, maxLength: 4 })
    .map((options) => ({ enum: options })),
  fc.jsonValue({ maxDepth: 2 }).map((value) => ({ const: value })),
)

const { node: arbitrarySchema } = fc.letrec<{
  node: Record<string, unknown>
  object: Record<string, unknown>
  array: Record<string, unknown>
  choice: Record<string, unknown>
}>((tie) => ({
  node: fc.oneof({ depthSize: 'small', maxDepth: 4 }, leafSchema, tie('object'), tie('array'), tie('choice')),
  object: fc
    .tuple(
      fc.dictionary(propertyName, tie('node'), { maxKeys: 4 }),
      fc.array(fc.boolean(), { maxLength: 4 }),
      fc.boolean(),
    )
    .map(([properties, requiredMask, closed]) => ({
      type: 'object',
      properties,
      required: Object.keys(properties).filter((_, i) => requiredMask[i] === true),
      ...(closed ? { additionalProperties: false } : {}),
    })),
  array: fc.tuple(tie('node'), fc.nat(3), fc.nat(3)).map(([items, minItems, extra]) => ({
    type: 'array',
    items,
    minItems,
    maxItems: minItems + extra,
  })),
  choice: fc
    .tuple(fc.constantFrom('anyOf', 'allOf'), fc.array(tie('node'), { minLength: 1, maxLength: 3 }))
    // allOf of arbitrary schemas is usually unsatisfiable: use it with one member only.
    .map(([keyword, options]) => (keyword === 'allOf' ? { allOf: options.slice(0, 1) } : { anyOf: options })),
}))
