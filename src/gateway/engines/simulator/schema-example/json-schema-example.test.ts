import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { SCHEMAS } from './__fixtures__/schemas'
import { schemaViolations } from './__fixtures__/ajv-oracle'
import { EXAMPLE_LIMITS, ExampleTooLarge } from './example-budget'
import { exampleFromSchema } from './json-schema-example'
import { Sampler } from '../sampler'
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
          schemaViolations(value, schema),
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
        expect(schemaViolations(value, schema), JSON.stringify({ schema, value })).toEqual([])
      }),
      { numRuns: 400 },
    )
  })
})

describe('exampleFromSchema, bounded over the whole value', () => {
  /** The reason it refused, or the value it made. */
  function attempt(schema: unknown, seed = 1, greedy = false): { refused: string } | { value: unknown } {
    try {
      return { value: example(schema, seed, greedy) }
    } catch (error) {
      if (error instanceof ExampleTooLarge) return { refused: error.reason }
      throw error
    }
  }

  it.each([
    ['minProperties 100000', { type: 'object', minProperties: 100_000 }],
    [
      'minItems 100000000',
      { type: 'object', properties: { a: { type: 'array', minItems: 100_000_000 } }, required: ['a'] },
    ],
    ['minLength 50000000', { type: 'string', minLength: 50_000_000 }],
  ])('refuses a schema that states too big a figure, naming it (%s)', (figure, schema) => {
    expect(attempt(schema)).toEqual({ refused: expect.stringContaining(figure) as unknown })
  })

  it.each([
    [
      'a schema referring to itself twice, both required',
      { properties: { l: { $ref: '#' }, r: { $ref: '#' } }, required: ['l', 'r'] },
    ],
    ['a pattern with a huge repetition', { type: 'string', pattern: '^a{10000000}$' }],
    ['a pattern with nested repetitions', { type: 'string', pattern: '^(a{3000}){3000}$' }],
    ['an empty repetition repeated', { type: 'string', pattern: '^(x?){100000000}$' }],
  ])('refuses %s instead of generating without end', (_, schema) => {
    expect(attempt(schema)).toHaveProperty('refused')
  })

  it('refuses, rather than breaking the schema, when it cannot make as many different items as asked', () => {
    // Found by the property below: deep down, optional properties are left out, so every item is {}.
    const schema = {
      type: 'array',
      items: {
        type: 'array',
        items: { type: 'object', properties: { again: { $ref: '#' } }, required: [] },
        minItems: 2,
        uniqueItems: true,
      },
      minItems: 0,
    }
    const outcome = attempt(schema, 381681664, false)
    if ('refused' in outcome) expect(outcome.refused).toMatch(/minItems 2 with uniqueItems/)
    else expect(schemaViolations(outcome.value, schema)).toEqual([])
    expect(attempt({ type: 'array', items: { enum: ['a', 'b'] }, minItems: 3, uniqueItems: true })).toEqual({
      refused: expect.stringContaining('minItems 3 with uniqueItems: only 2 items') as unknown,
    })
    expect(attempt({ type: 'array', prefixItems: [{ const: 1 }], items: false, minItems: 2 })).toHaveProperty(
      'refused',
    )
  })

  it('counts over the whole value, not along one path: each array is small, all of them are not', () => {
    const nested = (minItems: number) => ({
      type: 'array',
      minItems,
      items: { type: 'array', minItems, items: { type: 'array', minItems, items: { type: 'integer' } } },
    })
    // 30 × 30 × 30 = 27,000 items, over the limit, though no single array holds more than 30.
    expect(attempt(nested(30))).toEqual({
      refused: expect.stringContaining(EXAMPLE_LIMITS.values.toLocaleString('en-US')) as unknown,
    })
    // 20 × 20 × 20 = 8,000 items fit, and are valid.
    const within = attempt(nested(20))
    expect(within).toHaveProperty('value')
    expect(schemaViolations((within as { value: unknown }).value, nested(20))).toEqual([])
  })

  it('makes a valid value within the limits, or refuses, for schemas asking for a lot (property)', () => {
    fc.assert(
      fc.property(demandingSchema, fc.nat(), fc.boolean(), (schema, seed, greedy) => {
        const outcome = attempt(schema, seed, greedy)
        if ('refused' in outcome) return
        expect(schemaViolations(outcome.value, schema), JSON.stringify(schema)).toEqual([])
        const size = measure(outcome.value)
        expect(size.containers).toBeLessThanOrEqual(EXAMPLE_LIMITS.values)
        expect(size.characters).toBeLessThanOrEqual(EXAMPLE_LIMITS.characters)
      }),
      { numRuns: 150 },
    )
  })
})

/** Items and properties in a value, and the characters of its strings and keys (iterative). */
function measure(value: unknown): { containers: number; characters: number } {
  let containers = 0
  let characters = 0
  const stack = [value]
  while (stack.length > 0) {
    const node = stack.pop()
    if (typeof node === 'string') characters += node.length
    else if (Array.isArray(node)) {
      containers += node.length
      stack.push(...(node as unknown[]))
    } else if (typeof node === 'object' && node !== null) {
      for (const [key, child] of Object.entries(node)) {
        containers++
        characters += key.length
        stack.push(child)
      }
    }
  }
  return { containers, characters }
}

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

/** Schemas whose figures reach around and past the limits, nested so that sizes multiply. */
const { node: demandingSchema } = fc.letrec<{ node: Record<string, unknown> }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', maxDepth: 3 },
    fc.integer({ min: 0, max: 1_000_000 }).map((minLength) => ({ type: 'string', minLength })),
    fc.constantFrom('^[a-z]{2000}$', '^(ab){1,}$', '^x{0,50000}$').map((pattern) => ({
      type: 'string',
      pattern,
    })),
    fc.integer({ min: 0, max: 20_000 }).map((minProperties) => ({ type: 'object', minProperties })),
    fc
      .tuple(tie('node'), fc.integer({ min: 0, max: 200 }), fc.boolean())
      .map(([items, minItems, unique]) => ({ type: 'array', items, minItems, uniqueItems: unique })),
    fc
      .tuple(fc.dictionary(propertyName, tie('node'), { maxKeys: 3 }), fc.boolean())
      .map(([properties, selfRef]) => ({
        type: 'object',
        properties: selfRef ? { ...properties, again: { $ref: '#' } } : properties,
        required: Object.keys(properties),
      })),
  ),
}))
