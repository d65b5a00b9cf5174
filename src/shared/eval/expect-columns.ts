import type { GraderSpec } from './grader-spec'
import { graderSpecSchema } from './grader-spec'

/**
 * Imported tables (CSV, JSONL) carry expectations in `expect.*` columns; every other column is a
 * variable. One column becomes one per-case grader; an empty cell means "no such check for this case".
 * The spelling follows promptfoo's assertion names where one exists.
 */
const EXPECT_PREFIX = 'expect.'

const BUILDERS: Record<string, (cell: string) => unknown> = {
  equals: (cell) => ({ type: 'equals', value: cell }),
  iequals: (cell) => ({ type: 'equals', value: cell, ignoreCase: true }),
  contains: (cell) => ({ type: 'contains', value: cell }),
  icontains: (cell) => ({ type: 'contains', value: cell, ignoreCase: true }),
  regex: (cell) => ({ type: 'regex', pattern: cell }),
  // `true`/`yes`/`1`: any JSON; else the cell is a JSON Schema the output must match.
  json: (cell) =>
    /^(true|yes|1)$/i.test(cell) ? { type: 'json' } : { type: 'json', schema: parseJsonCell(cell) },
  // `name` or `name {json schema of the arguments}`
  tool: (cell) => {
    const match = /^\s*([^\s{]+)\s*(\{[\s\S]*\})?\s*$/.exec(cell)
    if (match === null)
      throw new Error('write the tool name, optionally followed by a JSON Schema of its arguments')
    return match[2] === undefined
      ? { type: 'tool-call', name: match[1] }
      : { type: 'tool-call', name: match[1], arguments: parseJsonCell(match[2]) }
  },
  finish: (cell) => ({ type: 'finish-reason', reason: cell.trim() }),
  max_ttft_ms: (cell) => ({ type: 'latency', maxTtftMs: numberCell(cell) }),
  max_total_ms: (cell) => ({ type: 'latency', maxTotalMs: numberCell(cell) }),
  max_points: (cell) => ({ type: 'points', max: cell.trim() }),
  max_reasoning_tokens: (cell) => ({ type: 'reasoning-tokens', max: numberCell(cell) }),
  // `true`/`yes`/`1`: the reply must think; `false`/`no`/`0`: it must not.
  thinking: (cell) => ({ type: 'thinking', present: booleanCell(cell) }),
  min_cache_read: (cell) => ({ type: 'cache-read', min: numberCell(cell) }),
  rubric: (cell) => ({ type: 'rubric', rubric: cell }),
}

const EXPECT_COLUMNS = Object.keys(BUILDERS).map((key) => `${EXPECT_PREFIX}${key}`)

function parseJsonCell(cell: string): unknown {
  try {
    return JSON.parse(cell)
  } catch (error) {
    throw new Error(`not valid JSON (${error instanceof Error ? error.message : String(error)})`, {
      cause: error,
    })
  }
}

function numberCell(cell: string): number {
  const value = Number(cell.trim())
  if (cell.trim() === '' || !Number.isFinite(value))
    throw new Error(`${JSON.stringify(cell)} is not a number`)
  return value
}

function booleanCell(cell: string): boolean {
  if (/^(true|yes|1)$/i.test(cell.trim())) return true
  if (/^(false|no|0)$/i.test(cell.trim())) return false
  throw new Error(`${JSON.stringify(cell)} is not true or false`)
}

/** Whether a column name is an expectation; an unknown `expect.x` column is an error, not a variable. */
export function isExpectColumn(column: string): boolean {
  return column.startsWith(EXPECT_PREFIX)
}

/** Returns an error message for a column name that looks like an expectation but is none. */
export function checkExpectColumn(column: string): string | undefined {
  if (!isExpectColumn(column) || Object.hasOwn(BUILDERS, column.slice(EXPECT_PREFIX.length))) return undefined
  return `unknown expectation column ${JSON.stringify(column)}; known: ${EXPECT_COLUMNS.join(', ')}`
}

/** The grader of one non-empty expectation cell; throws Error with a reason a user can act on. */
export function graderFromCell(column: string, cell: string): GraderSpec {
  const build = BUILDERS[column.slice(EXPECT_PREFIX.length)]
  if (build === undefined) throw new Error(checkExpectColumn(column))
  const parsed = graderSpecSchema.safeParse(build(cell))
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new Error(issue ? `${issue.path.join('.') || 'value'}: ${issue.message}` : 'invalid expectation')
  }
  return parsed.data
}
