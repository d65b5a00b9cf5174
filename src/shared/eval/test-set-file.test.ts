import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { EvalInputError } from './eval-input-error'
import { parseTestSetFile, serializeTestSet } from './test-set-file'
import { testSetJsonSchema, type TestSet } from './test-set-schema'

const set: TestSet = {
  format: 'model-gateway-test-set',
  version: 1,
  name: 'capitals',
  prompt: {
    system: 'Answer with one word.',
    messages: [{ role: 'user', content: 'Capital of {{country}}?' }],
  },
  graders: [{ type: 'finish-reason', reason: 'stop' }],
  cases: [
    {
      id: 'no',
      vars: { country: 'Norway: "quoted" {{x}}\nline' },
      graders: [{ type: 'contains', value: 'Oslo' }],
    },
  ],
}

function errorOf(fn: () => unknown): EvalInputError {
  try {
    fn()
  } catch (error) {
    if (error instanceof EvalInputError) return error
    throw error
  }
  throw new Error('expected an EvalInputError')
}

describe('test-set files', () => {
  it('reads back what it writes, in JSON and in YAML', () => {
    expect(parseTestSetFile(serializeTestSet(set, 'json'), 'set.json')).toEqual(set)
    expect(parseTestSetFile(serializeTestSet(set, 'yaml'), 'set.yaml')).toEqual(set)
  })

  it('names the line and column of a JSON or YAML syntax error', () => {
    const json = errorOf(() => parseTestSetFile('{\n  "name": "x",\n  oops\n}', 'set.json'))
    expect(json.location).toMatchObject({ line: 3, column: 3 })
    const yaml = errorOf(() => parseTestSetFile('name: x\ncases: [\n  a: : b\n', 'set.yml'))
    expect(yaml.location.line).toBeGreaterThan(1)
    expect(yaml.message).toContain('not valid YAML')
  })

  it('names the field of a schema error, including a misspelt key and a duplicate case id', () => {
    const typo = JSON.parse(serializeTestSet(set, 'json'))
    typo.cases[0].grader = []
    expect(errorOf(() => parseTestSetFile(JSON.stringify(typo), 'set.json')).message).toContain(
      'cases.0.grader: unknown field',
    )
    const twice = { ...set, cases: [set.cases[0], set.cases[0]] }
    expect(errorOf(() => parseTestSetFile(JSON.stringify(twice), 'set.json')).message).toContain(
      'cases.1.id: duplicate case id "no"',
    )
  })

  it('refuses a YAML alias bomb instead of expanding it', () => {
    const bomb = [
      'a: &a [x, x, x, x, x, x, x, x, x, x]',
      ...Array.from({ length: 12 }, (_, i) => {
        const prev = i === 0 ? 'a' : `l${i - 1}`
        return `l${i}: &l${i} [*${prev}, *${prev}, *${prev}, *${prev}, *${prev}, *${prev}, *${prev}, *${prev}, *${prev}, *${prev}]`
      }),
    ].join('\n')
    expect(errorOf(() => parseTestSetFile(bomb, 'bomb.yaml')).message).toMatch(/alias|YAML/i)
  })

  it('docs/test-set.schema.json is the schema the code enforces (regenerate: npm run eval -- --print-schema)', () => {
    const onDisk = JSON.parse(
      readFileSync(new URL('../../../docs/test-set.schema.json', import.meta.url), 'utf8'),
    )
    expect(onDisk).toEqual(testSetJsonSchema())
  })
})
