import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { EvalInputError } from './eval-input-error'
import { EVAL_LIMITS } from './eval-limits'
import { importCasesFromCsv, importCasesFromJsonl } from './import-cases'

/** RFC 4180 writer (the test's own oracle): every field quoted, quotes doubled, CRLF between records. */
const toCsv = (rows: string[][]) =>
  rows.map((r) => r.map((f) => `"${f.replace(/"/g, '""')}"`).join(',')).join('\r\n')

function errorOf(fn: () => unknown): EvalInputError {
  try {
    fn()
  } catch (error) {
    if (error instanceof EvalInputError) return error
    throw error
  }
  throw new Error('expected an EvalInputError')
}

describe('CSV import', () => {
  it('keeps every value of every row exactly, whatever quotes, commas and line breaks it holds', () => {
    const name = fc.stringMatching(/^[a-z_][a-z0-9_]{0,6}$/)
    fc.assert(
      fc.property(
        fc.uniqueArray(name, { minLength: 1, maxLength: 4 }).chain((columns) =>
          fc.tuple(
            fc.constant(columns),
            fc.array(
              fc.array(fc.string({ maxLength: 12 }), {
                minLength: columns.length,
                maxLength: columns.length,
              }),
              {
                minLength: 1,
                maxLength: 6,
              },
            ),
          ),
        ),
        ([columns, rows]) => {
          // A row of all-empty fields is still a row when quoted; csv-parse skips only truly empty lines.
          const imported = importCasesFromCsv(toCsv([columns, ...rows]))
          expect(imported.variables).toEqual(columns)
          expect(imported.cases.map((c) => c.vars)).toEqual(
            rows.map((r) => Object.fromEntries(columns.map((c, i) => [c, r[i]]))),
          )
        },
      ),
    )
  })

  it('turns expect.* columns into per-case graders and leaves empty cells without one', () => {
    const csv = [
      'city,expect.contains,expect.regex,expect.json',
      'Oslo,Norway,,',
      'Paris,,^P,"{""type"":""object""}"',
    ].join('\n')
    const { cases, variables } = importCasesFromCsv(csv)
    expect(variables).toEqual(['city'])
    expect(cases).toEqual([
      { id: 'row-1', vars: { city: 'Oslo' }, graders: [{ type: 'contains', value: 'Norway' }] },
      {
        id: 'row-2',
        vars: { city: 'Paris' },
        graders: [
          { type: 'regex', pattern: '^P' },
          { type: 'json', schema: { type: 'object' } },
        ],
      },
    ])
  })

  it('reads the reasoning and cache expectations', () => {
    const csv = [
      'q,expect.max_reasoning_tokens,expect.thinking,expect.min_cache_read',
      'a,2048,yes,1024',
      'b,,no,',
    ].join('\n')
    expect(importCasesFromCsv(csv).cases.map((c) => c.graders)).toEqual([
      [
        { type: 'reasoning-tokens', max: 2048 },
        { type: 'thinking', present: true },
        { type: 'cache-read', min: 1024 },
      ],
      [{ type: 'thinking', present: false }],
    ])
    expect(errorOf(() => importCasesFromCsv('q,expect.thinking\nx,maybe\n')).message).toMatch(
      /"maybe" is not true or false/,
    )
  })

  it('names the line of a broken row, counting line breaks inside quoted fields', () => {
    const csv = 'a,b\n"multi\nline",2\n3,4,5\n'
    const error = errorOf(() => importCasesFromCsv(csv, 'cases.csv'))
    expect(error.location.line).toBe(4)
    expect(error.message).toMatch(/^cases\.csv, line 4: /)
  })

  it('names the line and column of a bad expectation, and of an unknown expect column', () => {
    const bad = errorOf(() => importCasesFromCsv('q,expect.max_ttft_ms\nx,1\ny,soon\n'))
    expect(bad.location).toMatchObject({ line: 3, column: 2 })
    expect(bad.message).toContain('"soon" is not a number')
    const unknown = errorOf(() => importCasesFromCsv('q,expect.contain\nx,y\n'))
    expect(unknown.location).toMatchObject({ line: 1, column: 2 })
    expect(unknown.message).toContain('unknown expectation column "expect.contain"')
  })

  it('refuses an unclosed quote, duplicate or nameless columns instead of guessing', () => {
    expect(errorOf(() => importCasesFromCsv('a,b\n1,"2\n')).message).toContain('not valid CSV')
    expect(errorOf(() => importCasesFromCsv('a,a\n1,2\n')).message).toContain('appears twice')
    expect(errorOf(() => importCasesFromCsv('a,\n1,2\n')).message).toContain('has no name')
  })

  it('refuses more rows than the cap before building them', () => {
    const csv = `a\n${'x\n'.repeat(EVAL_LIMITS.cases + 1)}`
    expect(errorOf(() => importCasesFromCsv(csv)).message).toContain(`more than ${EVAL_LIMITS.cases} rows`)
  })
})

describe('JSONL import', () => {
  it('reads one object per line, with numbers as text and schema objects kept', () => {
    const jsonl = '{"n": 2, "expect.equals": "4"}\n\n{"n": "3", "expect.json": {"type": "number"}}\n'
    expect(importCasesFromJsonl(jsonl).cases).toEqual([
      { id: 'row-1', vars: { n: '2' }, graders: [{ type: 'equals', value: '4' }] },
      { id: 'row-2', vars: { n: '3' }, graders: [{ type: 'json', schema: { type: 'number' } }] },
    ])
  })

  it('names the line of invalid JSON and of a line that is not an object', () => {
    expect(errorOf(() => importCasesFromJsonl('{"a":"1"}\n{"a": }\n')).location.line).toBe(2)
    expect(errorOf(() => importCasesFromJsonl('{"a":"1"}\n\n[1]\n')).location.line).toBe(3)
  })
})

describe('hostile column names', () => {
  it('refuses a __proto__ column instead of losing its values to the prototype', () => {
    expect(() => importCasesFromCsv('__proto__,b\n1,2\n')).toThrow(
      'column "__proto__" is not a variable name',
    )
    expect(() => importCasesFromJsonl('{"__proto__": "1"}\n')).toThrow(
      'column "__proto__" is not a variable name',
    )
  })
})
