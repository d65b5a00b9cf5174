/**
 * Tool parameter / response schemas of the kinds clients send, one per supported keyword family.
 * Each must be satisfiable; the tests check the generated value against it.
 */
export const SCHEMAS: Record<string, Record<string, unknown>> = {
  weather: {
    type: 'object',
    properties: {
      city: { type: 'string', description: 'City name' },
      unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
      days: { type: 'integer', minimum: 1, maximum: 7 },
    },
    required: ['city'],
    additionalProperties: false,
  },
  emptyObject: { type: 'object', properties: {} },
  noProperties: { type: 'object' },
  stringBounds: {
    type: 'object',
    properties: {
      code: { type: 'string', minLength: 3, maxLength: 3 },
      long: { type: 'string', minLength: 40 },
      short: { type: 'string', maxLength: 2 },
      exactlyEmpty: { type: 'string', maxLength: 0 },
    },
    required: ['code', 'long', 'short', 'exactlyEmpty'],
  },
  patterns: {
    type: 'object',
    properties: {
      ticket: { type: 'string', pattern: '^[A-Z]{2,4}-\\d{1,5}$' },
      hex: { type: 'string', pattern: '^#[0-9a-fA-F]{6}$' },
      slug: { type: 'string', pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$' },
      choice: { type: 'string', pattern: '^(usd|eur|gbp)$' },
      unanchored: { type: 'string', pattern: 'ab+c' },
      optionalPart: { type: 'string', pattern: '^v\\d+(\\.\\d+)?$' },
      negated: { type: 'string', pattern: '^[^0-9\\s]{4}$' },
      lookahead: { type: 'string', pattern: '^(?=.*\\d)[a-z0-9]{6}$' },
      withLength: { type: 'string', pattern: '^[a-z]+$', minLength: 8, maxLength: 10 },
    },
    required: [
      'ticket',
      'hex',
      'slug',
      'choice',
      'unanchored',
      'optionalPart',
      'negated',
      'lookahead',
      'withLength',
    ],
  },
  formats: {
    type: 'object',
    properties: {
      day: { type: 'string', format: 'date' },
      at: { type: 'string', format: 'date-time' },
      clock: { type: 'string', format: 'time' },
      mail: { type: 'string', format: 'email' },
      site: { type: 'string', format: 'uri' },
      id: { type: 'string', format: 'uuid' },
      host: { type: 'string', format: 'hostname' },
      v4: { type: 'string', format: 'ipv4' },
      v6: { type: 'string', format: 'ipv6' },
    },
    required: ['day', 'at', 'clock', 'mail', 'site', 'id', 'host', 'v4', 'v6'],
  },
  numbers: {
    type: 'object',
    properties: {
      percent: { type: 'number', minimum: 0, maximum: 1 },
      open: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 },
      draft4: { type: 'integer', minimum: 10, exclusiveMinimum: true, maximum: 12, exclusiveMaximum: true },
      even: { type: 'integer', multipleOf: 2, minimum: 3, maximum: 9 },
      cents: { type: 'number', multipleOf: 0.01, minimum: 0.015, maximum: 0.05 },
      tenths: { type: 'number', multipleOf: 0.1, minimum: 0.25 },
      negative: { type: 'integer', maximum: -5 },
      big: { type: 'integer', minimum: 1_000_000 },
      halfStep: { type: 'integer', multipleOf: 2.5 },
      age: { type: 'integer', minimum: 0, maximum: 20 },
      temperature: { type: 'number', minimum: -50, maximum: 60 },
    },
    required: [
      'percent',
      'open',
      'draft4',
      'even',
      'cents',
      'tenths',
      'negative',
      'big',
      'halfStep',
      'age',
      'temperature',
    ],
  },
  scalars: {
    type: 'object',
    properties: {
      flag: { type: 'boolean' },
      nothing: { type: 'null' },
      fixed: { const: 'v1' },
      mixed: { enum: [1, 'two', null, { three: 3 }] },
      nullable: { type: ['string', 'null'] },
      anything: {},
      alsoAnything: true,
    },
    required: ['flag', 'nothing', 'fixed', 'mixed', 'nullable', 'anything', 'alsoAnything'],
  },
  arrays: {
    type: 'object',
    properties: {
      tags: { type: 'array', items: { type: 'string' }, minItems: 2, maxItems: 4 },
      none: { type: 'array', items: { type: 'integer' }, maxItems: 0 },
      unique: {
        type: 'array',
        items: { type: 'string', enum: ['a', 'b', 'c'] },
        minItems: 3,
        uniqueItems: true,
      },
      uniqueNumbers: {
        type: 'array',
        items: { type: 'integer', minimum: 0, maximum: 100 },
        minItems: 5,
        uniqueItems: true,
      },
      uniqueBooleans: { type: 'array', items: { type: 'boolean' }, minItems: 2, uniqueItems: true },
      tuple: {
        type: 'array',
        prefixItems: [{ type: 'number' }, { type: 'string', format: 'date' }],
        minItems: 2,
        items: false,
      },
      oldTuple: {
        type: 'array',
        items: [{ type: 'boolean' }, { const: 'x' }],
        minItems: 2,
        additionalItems: false,
      },
      matrix: {
        type: 'array',
        items: { type: 'array', items: { type: 'number' }, minItems: 2 },
        minItems: 2,
      },
    },
    required: ['tags', 'none', 'unique', 'uniqueNumbers', 'uniqueBooleans', 'tuple', 'oldTuple', 'matrix'],
  },
  nested: {
    type: 'object',
    properties: {
      order: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          items: {
            type: 'array',
            minItems: 1,
            items: {
              type: 'object',
              properties: {
                sku: { type: 'string', pattern: '^SKU-\\d{4}$' },
                quantity: { type: 'integer', minimum: 1 },
              },
              required: ['sku', 'quantity'],
              additionalProperties: false,
            },
          },
          shipping: {
            type: 'object',
            properties: { address: { type: 'string' }, express: { type: 'boolean' } },
            required: ['address'],
          },
        },
        required: ['id', 'items', 'shipping'],
      },
    },
    required: ['order'],
  },
  refs: {
    type: 'object',
    $defs: {
      point: {
        type: 'object',
        properties: { x: { type: 'number' }, y: { type: 'number' } },
        required: ['x', 'y'],
      },
      'color/name': { type: 'string', enum: ['red', 'green'] },
    },
    definitions: { legacy: { type: 'integer', minimum: 5 } },
    properties: {
      from: { $ref: '#/$defs/point' },
      to: { $ref: '#/$defs/point', description: 'sibling keywords next to $ref' },
      color: { $ref: '#/$defs/color~1name' },
      old: { $ref: '#/definitions/legacy' },
    },
    required: ['from', 'to', 'color', 'old'],
  },
  recursive: {
    type: 'object',
    properties: {
      name: { type: 'string' },
      children: { type: 'array', items: { $ref: '#' } },
    },
    required: ['name'],
  },
  recursiveDefs: {
    type: 'object',
    $defs: {
      node: {
        type: 'object',
        properties: {
          value: { type: 'integer' },
          next: { anyOf: [{ $ref: '#/$defs/node' }, { type: 'null' }] },
        },
        required: ['value', 'next'],
      },
    },
    properties: { head: { $ref: '#/$defs/node' } },
    required: ['head'],
  },
  combinators: {
    type: 'object',
    properties: {
      either: {
        anyOf: [
          { type: 'string', maxLength: 5 },
          { type: 'integer', minimum: 100 },
        ],
      },
      exactlyOne: { oneOf: [{ type: 'string', format: 'email' }, { type: 'boolean' }] },
      maybe: {
        oneOf: [{ type: 'null' }, { type: 'object', properties: { k: { type: 'string' } }, required: ['k'] }],
      },
      merged: {
        allOf: [
          { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
          { properties: { b: { type: 'integer', minimum: 3 } }, required: ['b'] },
        ],
      },
      shaped: {
        type: 'object',
        properties: { kind: { type: 'string' } },
        required: ['kind'],
        oneOf: [
          {
            properties: { kind: { const: 'circle' }, radius: { type: 'number', minimum: 1 } },
            required: ['radius'],
          },
          {
            properties: { kind: { const: 'square' }, side: { type: 'number', minimum: 1 } },
            required: ['side'],
          },
        ],
      },
    },
    required: ['either', 'exactlyOne', 'maybe', 'merged', 'shaped'],
  },
  objects: {
    type: 'object',
    properties: {
      metadata: { type: 'object', additionalProperties: { type: 'string' }, minProperties: 2 },
      limited: {
        type: 'object',
        properties: { a: { type: 'string' }, b: { type: 'string' }, c: { type: 'string' } },
        required: ['a'],
        maxProperties: 1,
      },
      undeclaredRequired: { type: 'object', required: ['x'], additionalProperties: { type: 'integer' } },
      filled: {
        type: 'object',
        properties: { p: { type: 'number' }, q: { type: 'number' } },
        minProperties: 2,
        additionalProperties: false,
      },
    },
    required: ['metadata', 'limited', 'undeclaredRequired', 'filled'],
  },
  untypedKeywords: {
    properties: {
      implicitString: { minLength: 2, maxLength: 4 },
      implicitNumber: { minimum: 5, maximum: 6 },
      implicitArray: { items: { type: 'boolean' }, minItems: 1 },
    },
    required: ['implicitString', 'implicitNumber', 'implicitArray'],
  },
  hinted: {
    type: 'object',
    properties: {
      location: { type: 'string' },
      query: { type: 'string' },
      email: { type: 'string' },
      latitude: { type: 'number', minimum: -90, maximum: 90 },
      count: { type: 'integer', minimum: 1, maximum: 10 },
    },
    required: ['location', 'query', 'email', 'latitude', 'count'],
  },
}
