import { parse as parseYaml, YAMLParseError } from 'yaml'
import { EvalInputError, inputErrorFromZod } from '../eval-input-error'
import { EVAL_LIMITS } from '../eval-limits'
import type { GraderSpec } from '../grader-spec'
import type { EvalTarget } from '../run/eval-run-types'
import {
  TEST_SET_FORMAT,
  TEST_SET_VERSION,
  testSetSchema,
  type TestCase,
  type TestSet,
} from '../test-set-schema'
import { readAssert, type UnsupportedAssert } from './promptfoo-asserts'
import { PromptfooConfigError, UnsupportedAssertionsError } from './promptfoo-config-error'
import { promptForDialect } from './promptfoo-prompts'
import { readProvider, type PromptfooProvider } from './promptfoo-providers'
import { expandTests, type PromptfooTest } from './promptfoo-tests'

/**
 * A promptfoo config (promptfooconfig.yaml, docs/eval.md "promptfoo suites") as our test set and
 * targets: each provider × prompt is a target with its own prompt, each test (array variables
 * expanded) a case with the default test's graders and its own. Pure: text in, or an
 * EvalInputError naming the path in the config.
 */
export type PromptfooSuite = {
  set: TestSet
  /** Provider × prompt columns, in promptfoo's order; `connection` is a base URL or `localConnection`. */
  targets: EvalTarget[]
  /** Where llm-rubric asks (defaultTest/test/assert `provider`), when the config names one. */
  graderTarget: EvalTarget | undefined
  /**
   * Where the key of each remote connection comes from, per provider at it: the config's literal
   * key or the env var holding it (the caller reads them; they must agree).
   */
  keys: Map<string, Array<{ value: string } | { env: string }>>
  /** Assertions skipped on request, by type. */
  skipped: string[]
}

export type ReadPromptfooOptions = {
  /** The connection name of targets without a base URL (the local gateway). */
  localConnection: string
  /** Report unsupported assertions as skipped instead of refusing the config. */
  skipUnsupported?: boolean
  /** Targets to run instead of the config's providers (`--target`), with promptfoo's default parameters. */
  targets?: readonly EvalTarget[]
}

const TOP_LEVEL_IGNORED = new Set([
  'description',
  'outputPath',
  'sharing',
  'tags',
  'writeLatestResults',
  'evaluateOptions',
])
const TOP_LEVEL_READ = new Set(['prompts', 'providers', 'defaultTest', 'tests'])

function parseConfigText(text: string, fileName: string): Record<string, unknown> {
  let data: unknown
  try {
    data = /\.json$/i.test(fileName) ? JSON.parse(text) : parseYaml(text, { maxAliasCount: 100 })
  } catch (error) {
    const detail = error instanceof YAMLParseError ? error.message.split('\n')[0] : String(error)
    throw new EvalInputError(
      `${fileName}: not valid ${/\.json$/i.test(fileName) ? 'JSON' : 'YAML'} (${detail})`,
    )
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    throw new EvalInputError(`${fileName}: a promptfoo config is a mapping`)
  return data as Record<string, unknown>
}

/** Whether a file is a promptfoo config rather than one of our test sets (which say their `format`). */
export function isPromptfooConfig(text: string, fileName: string): boolean {
  let data: Record<string, unknown>
  try {
    data = parseConfigText(text, fileName)
  } catch {
    return false
  }
  return !('format' in data) && ('prompts' in data || 'providers' in data)
}

function listOf(value: unknown): unknown[] {
  return value === undefined ? [] : Array.isArray(value) ? value : [value]
}

function promptTexts(config: Record<string, unknown>): Array<{ text: string; path: string }> {
  const prompts = listOf(config.prompts)
  if (prompts.length === 0) throw new PromptfooConfigError('prompts', 'give at least one prompt')
  return prompts.map((entry, i) => {
    const path = `prompts[${i}]`
    const text = typeof entry === 'string' ? entry : (entry as { raw?: unknown } | null)?.raw
    if (typeof text !== 'string')
      throw new PromptfooConfigError(path, 'a prompt is text, or an object with raw text')
    if (text.startsWith('file://'))
      throw new PromptfooConfigError(path, 'file:// prompts are not read; put the prompt text in the config')
    return { text, path }
  })
}

function targetsOf(
  config: Record<string, unknown>,
  options: ReadPromptfooOptions,
  keys: PromptfooSuite['keys'],
): EvalTarget[] {
  const providers =
    options.targets?.map(overrideProvider) ??
    listOf(config.providers).map((entry, i) => readProvider(entry, `providers[${i}]`))
  if (providers.length === 0) throw new PromptfooConfigError('providers', 'give at least one provider')
  const prompts = promptTexts(config)
  const targets: EvalTarget[] = []
  // promptfoo's column order: each provider with each of its prompts.
  for (const provider of providers) {
    for (const [p, prompt] of prompts.entries()) {
      const id = prompts.length === 1 ? provider.target.id : `${provider.target.id} · prompt ${p + 1}`
      const template = promptForDialect(prompt.text, provider.target.dialect, prompt.path)
      targets.push({
        ...connect(provider, options, keys),
        id: uniqueId(id, targets),
        label: uniqueId(id, targets),
        prompt: { ...template, params: provider.target.params ?? {} },
      })
    }
  }
  return targets
}

/** A `--target` in place of the config's providers: its own connection, promptfoo's default parameters. */
function overrideProvider(target: EvalTarget): PromptfooProvider {
  const id = target.dialect === 'anthropic-messages' ? 'anthropic:messages' : 'openai:chat'
  const defaults = readProvider(`${id}:${target.model}`, '--target')
  return {
    ...defaults,
    target: { ...defaults.target, id: target.id, label: target.label ?? target.id },
    connection: target.connection,
  }
}

function uniqueId(id: string, taken: readonly EvalTarget[]): string {
  let candidate = id
  for (let n = 2; taken.some((t) => t.id === candidate); n++) candidate = `${id} #${n}`
  return candidate
}

function connect(
  provider: PromptfooProvider,
  options: ReadPromptfooOptions,
  keys: PromptfooSuite['keys'],
): EvalTarget {
  if (provider.connection !== undefined) return { ...provider.target, connection: provider.connection }
  if (provider.baseUrl === undefined) return { ...provider.target, connection: options.localConnection }
  const sources = keys.get(provider.baseUrl) ?? []
  if (!sources.some((known) => JSON.stringify(known) === JSON.stringify(provider.key)))
    keys.set(provider.baseUrl, [...sources, provider.key])
  return { ...provider.target, connection: provider.baseUrl }
}

/** The one grading provider of llm-rubric assertions, from `options.provider` or an assertion's `provider`. */
function graderTargetOf(
  tests: readonly PromptfooTest[],
  options: ReadPromptfooOptions,
  keys: PromptfooSuite['keys'],
): EvalTarget | undefined {
  const named = new Map<string, { entry: unknown; path: string }>()
  for (const test of tests) for (const g of test.graderProviders) named.set(JSON.stringify(g.entry), g)
  if (named.size > 1)
    throw new PromptfooConfigError(
      [...named.values()][1]?.path ?? 'tests',
      'one grading provider per config is supported',
    )
  const only = [...named.values()][0]
  if (only === undefined) return undefined
  const provider = readProvider(only.entry, only.path)
  return { ...connect(provider, options, keys), id: `grader ${provider.target.id}` }
}

function casesOf(
  tests: readonly PromptfooTest[],
  skipUnsupported: boolean,
  source: string,
): { cases: TestCase[]; skipped: string[] } {
  const unsupported: UnsupportedAssert[] = []
  const cases = tests.map((test, i): TestCase => {
    const graders: GraderSpec[] = test.asserts.map(({ entry, path }) => {
      const spec = readAssert(entry, test.vars, path)
      if ('path' in spec) {
        unsupported.push(spec)
        return { type: 'unsupported', assertion: spec.type }
      }
      return spec
    })
    return {
      id: `test-${i + 1}`,
      vars: test.vars,
      ...(graders.length === 0 ? {} : { graders }),
      ...(test.description === undefined ? {} : { description: test.description }),
    }
  })
  const names = [...new Set(unsupported.map((u) => u.type))]
  if (names.length > 0 && !skipUnsupported)
    throw new UnsupportedAssertionsError(source, names, (unsupported[0] as UnsupportedAssert).path)
  return { cases, skipped: names }
}

/** Reads a promptfoo config; throws EvalInputError naming the file and the path of what it cannot run. */
export function readPromptfooConfig(
  text: string,
  fileName: string,
  options: ReadPromptfooOptions,
): PromptfooSuite {
  const config = parseConfigText(text, fileName)
  try {
    for (const key of Object.keys(config))
      if (!TOP_LEVEL_READ.has(key) && !TOP_LEVEL_IGNORED.has(key))
        throw new PromptfooConfigError(
          key,
          `is not read (the workbench reads ${[...TOP_LEVEL_READ].join(', ')})`,
        )
    const keys: PromptfooSuite['keys'] = new Map()
    const targets = targetsOf(config, options, keys)
    if (targets.length > EVAL_LIMITS.targets)
      throw new PromptfooConfigError(
        'providers',
        `prompts × providers make ${targets.length} targets; at most ${EVAL_LIMITS.targets}`,
      )
    const tests = expandTests(config.defaultTest, config.tests)
    const graderTarget = graderTargetOf(tests, options, keys)
    const { cases, skipped } = casesOf(tests, options.skipUnsupported ?? false, fileName)
    const description =
      typeof config.description === 'string' && config.description !== '' ? config.description : fileName
    const parsed = testSetSchema.safeParse({
      format: TEST_SET_FORMAT,
      version: TEST_SET_VERSION,
      name: description.slice(0, 200),
      ...(targets[0]?.prompt === undefined ? {} : { prompt: targets[0].prompt }),
      cases,
    })
    if (!parsed.success) throw inputErrorFromZod(fileName, parsed.error)
    return { set: parsed.data, targets, graderTarget, keys, skipped }
  } catch (error) {
    if (error instanceof UnsupportedAssertionsError) throw error
    if (error instanceof PromptfooConfigError)
      throw new EvalInputError(`${fileName}, ${error.message}`, error.location)
    throw error
  }
}

/**
 * A promptfoo config as the workbench's test set (opened from a file): its tests and assertions, and
 * its one prompt as its first provider sends it; the workbench's own targets replace the providers.
 * Unsupported assertions are refused by name, and a config of several prompts is refused (run it
 * with `npm run eval`, where each prompt is a column).
 */
export function promptfooConfigAsSet(text: string, fileName: string): TestSet {
  const { set, targets } = readPromptfooConfig(text, fileName, { localConnection: 'workbench' })
  if (new Set(targets.map((t) => t.id.replace(/ · prompt \d+$/, ''))).size !== targets.length)
    throw new EvalInputError(
      `${fileName}, prompts: the workbench opens a config with one prompt; run one with several with npm run eval`,
      { path: 'prompts' },
    )
  return set
}
