import { graderSpecSchema, type GraderSpec, type GraderType } from '@shared/eval/grader-spec'

/** The kinds the workbench offers, with what their one argument means. */
export const GRADER_KINDS: ReadonlyArray<{ type: GraderType; arg: string }> = [
  { type: 'contains', arg: 'text' },
  { type: 'equals', arg: 'text' },
  { type: 'regex', arg: 'pattern' },
  { type: 'json', arg: 'JSON Schema (empty: any JSON)' },
  { type: 'tool-call', arg: 'tool name' },
  { type: 'finish-reason', arg: 'stop, length, tool-calls…' },
  { type: 'latency', arg: 'max total ms' },
  { type: 'points', arg: 'max points' },
  { type: 'reasoning-tokens', arg: 'max reasoning tokens' },
  { type: 'thinking', arg: 'present or absent' },
  { type: 'cache-read', arg: 'min cache-read tokens' },
  { type: 'rubric', arg: 'rubric' },
]

function build(type: GraderType, arg: string): unknown {
  switch (type) {
    case 'equals':
    case 'contains':
      return { type, value: arg }
    case 'regex': {
      // `/pattern/flags` carries flags; anything else is the pattern itself.
      const literal = /^\/(.+)\/([imsu]*)$/.exec(arg)
      return literal ? { type, pattern: literal[1], flags: literal[2] || undefined } : { type, pattern: arg }
    }
    case 'json':
      return arg.trim() === '' ? { type } : { type, schema: JSON.parse(arg) as unknown }
    case 'tool-call':
      return { type, name: arg.trim() }
    case 'finish-reason':
      return { type, reason: arg.trim() }
    case 'latency':
      return { type, maxTotalMs: Number(arg) }
    case 'points':
      return { type, max: arg.trim() }
    case 'reasoning-tokens':
      return { type, max: wholeNumber(arg) }
    case 'thinking':
      return { type, present: presence(arg) }
    case 'cache-read':
      return { type, min: wholeNumber(arg) }
    case 'rubric':
      return { type, rubric: arg }
  }
}

/** Empty stays empty (the schema then names the field) rather than becoming 0. */
function wholeNumber(arg: string): number | undefined {
  return arg.trim() === '' ? undefined : Number(arg.trim().replaceAll(',', ''))
}

function presence(arg: string): boolean {
  const word = arg.trim().toLowerCase()
  if (word === 'present' || word === 'yes' || word === 'true') return true
  if (word === 'absent' || word === 'no' || word === 'false') return false
  throw new Error('write present or absent')
}

/**
 * A grader from the form's kind and its one argument, checked by the set file's own schema (so a
 * grader the form accepts is one the file and the CLI accept). Throws with the schema's words.
 */
export function graderFromForm(type: GraderType, arg: string): GraderSpec {
  let value: unknown
  try {
    value = build(type, arg)
  } catch (error) {
    throw new Error(`${type}: ${(error as Error).message}`, { cause: error })
  }
  const parsed = graderSpecSchema.safeParse(value)
  if (!parsed.success) throw new Error(`${type}: ${parsed.error.issues[0]?.message ?? 'invalid'}`)
  return parsed.data
}

/** The grader's argument as the form shows it (the inverse of graderFromForm for its fields). */
export function graderArg(spec: GraderSpec): string {
  switch (spec.type) {
    case 'equals':
    case 'contains':
      return spec.value
    case 'regex':
      return spec.flags ? `/${spec.pattern}/${spec.flags}` : spec.pattern
    case 'json':
      return spec.schema === undefined ? '' : JSON.stringify(spec.schema)
    case 'tool-call':
      return spec.name
    case 'finish-reason':
      return spec.reason
    case 'latency':
      return [spec.maxTtftMs && `ttft ≤ ${spec.maxTtftMs}`, spec.maxTotalMs && `${spec.maxTotalMs}`]
        .filter(Boolean)
        .join(', ')
    case 'points':
      return String(spec.max)
    case 'reasoning-tokens':
      return String(spec.max)
    case 'thinking':
      return spec.present ? 'present' : 'absent'
    case 'cache-read':
      return String(spec.min)
    case 'rubric':
      return spec.rubric
  }
}

/** Per-case graders as lines `kind: argument` (how the cases table edits them). */
export function gradersToLines(graders: readonly GraderSpec[] | undefined): string {
  return (graders ?? []).map((spec) => `${spec.type}: ${graderArg(spec)}`).join('\n')
}

export function gradersFromLines(text: string): GraderSpec[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const colon = line.indexOf(':')
      const type = (colon < 0 ? line : line.slice(0, colon)).trim()
      const kind = GRADER_KINDS.find((k) => k.type === type)
      if (kind === undefined) throw new Error(`unknown grader kind ${JSON.stringify(type)}`)
      return graderFromForm(kind.type, colon < 0 ? '' : line.slice(colon + 1).trim())
    })
}
