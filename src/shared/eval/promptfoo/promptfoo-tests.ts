import { PromptfooConfigError } from './promptfoo-config-error'

/**
 * promptfoo's `defaultTest` and `tests` as flat tests: the default's variables under each test's,
 * its assertions before the test's, and a variable holding a list of strings expanded into one test
 * per value (every combination, the first variable slowest, as promptfoo's generateVarCombinations).
 */
export type PromptfooTest = {
  vars: Record<string, string>
  asserts: Array<{ entry: unknown; path: string }>
  /** `options.provider` of the default test or the test, and each assertion's `provider`. */
  graderProviders: Array<{ entry: unknown; path: string }>
  description?: string
}

const TEST_KEYS = new Set(['description', 'vars', 'assert', 'options', 'metadata'])

type RawTest = { description?: unknown; vars?: unknown; assert?: unknown; options?: unknown }

function mapping(value: unknown, path: string): Record<string, unknown> {
  if (value === undefined) return {}
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new PromptfooConfigError(path, 'must be a mapping')
  return value as Record<string, unknown>
}

function checkTest(raw: unknown, path: string): RawTest {
  const test = mapping(raw, path)
  for (const key of Object.keys(test))
    if (!TEST_KEYS.has(key))
      throw new PromptfooConfigError(
        `${path}.${key}`,
        `is not read (a test has ${[...TEST_KEYS].join(', ')})`,
      )
  const options = mapping(test.options, `${path}.options`)
  for (const key of Object.keys(options))
    if (key !== 'provider')
      throw new PromptfooConfigError(`${path}.options.${key}`, 'is not read (only provider is)')
  return test
}

/** A variable's values: a list of strings expands, a scalar is its text. */
function valuesOf(value: unknown, path: string): string[] {
  if (typeof value === 'string') {
    if (value.startsWith('file://')) throw new PromptfooConfigError(path, 'file:// variables are not read')
    return [value]
  }
  if (typeof value === 'number' || typeof value === 'boolean') return [String(value)]
  if (Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string')) return value
  throw new PromptfooConfigError(path, 'a variable is text, a number, a boolean or a list of strings')
}

function combinations(vars: Record<string, unknown>, path: string): Array<Record<string, string>> {
  let combos: Array<Record<string, string>> = [{}]
  for (const [key, value] of Object.entries(vars)) {
    const values = valuesOf(value, `${path}.${key}`)
    combos = combos.flatMap((combo) => values.map((v) => ({ ...combo, [key]: v })))
  }
  return combos
}

function assertsOf(test: RawTest, path: string): Array<{ entry: unknown; path: string }> {
  if (test.assert === undefined) return []
  if (!Array.isArray(test.assert)) throw new PromptfooConfigError(`${path}.assert`, 'must be a list')
  return test.assert.map((entry, i) => ({ entry, path: `${path}.assert[${i}]` }))
}

function providersOf(test: RawTest, path: string): Array<{ entry: unknown; path: string }> {
  const found: Array<{ entry: unknown; path: string }> = []
  const option = (test.options as { provider?: unknown } | undefined)?.provider
  if (option !== undefined) found.push({ entry: option, path: `${path}.options.provider` })
  for (const a of assertsOf(test, path)) {
    const provider = (a.entry as { provider?: unknown } | null)?.provider
    if (provider !== undefined) found.push({ entry: provider, path: `${a.path}.provider` })
  }
  return found
}

export function expandTests(defaultTest: unknown, tests: unknown): PromptfooTest[] {
  const base = checkTest(defaultTest, 'defaultTest')
  if (tests !== undefined && !Array.isArray(tests))
    throw new PromptfooConfigError('tests', 'must be a list of tests (tests from files are not read)')
  const list = (tests as unknown[] | undefined) ?? [{}]
  return list.flatMap((raw, i) => {
    const path = `tests[${i}]`
    const test = checkTest(raw, path)
    const vars = { ...mapping(base.vars, 'defaultTest.vars'), ...mapping(test.vars, `${path}.vars`) }
    const asserts = [...assertsOf(base, 'defaultTest'), ...assertsOf(test, path)]
    const graderProviders = [...providersOf(base, 'defaultTest'), ...providersOf(test, path)]
    const description = typeof test.description === 'string' ? test.description : undefined
    return combinations(vars, `${path}.vars`).map((combo) => ({
      vars: combo,
      asserts,
      graderProviders,
      ...(description === undefined ? {} : { description }),
    }))
  })
}
