import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { EvalInputError } from '../eval-input-error'
import { splitCommaValues } from './promptfoo-asserts'
import { UnsupportedAssertionsError } from './promptfoo-config-error'
import { promptForDialect } from './promptfoo-prompts'
import { isPromptfooConfig, promptfooConfigAsSet, readPromptfooConfig } from './read-promptfoo-config'

const read = (yaml: string, skipUnsupported = false) =>
  readPromptfooConfig(yaml, 'promptfooconfig.yaml', { localConnection: 'local', skipUnsupported })

const BASIC = `description: translations
prompts:
  - 'Translate to {{language}}: {{input}}'
  - 'Say {{input}} in {{language}}'
providers:
  - openai:chat:m1
  - id: anthropic:messages:m2
    label: claude
    config: {apiBaseUrl: 'http://127.0.0.1:9/', apiKeyEnvar: MY_KEY, top_p: 0.9, max_tokens: 50}
defaultTest:
  vars: {language: French}
  assert:
    - type: icontains
      value: '{{input}}'
tests:
  - vars: {input: [Hello, Bye]}
    assert:
      - type: not-equals
        value: Bonjour
  - vars: {input: Thanks, language: Spanish}
`

function errorOf(work: () => unknown): Error {
  try {
    work()
  } catch (error) {
    return error as Error
  }
  throw new Error('expected an error')
}

describe('reading a promptfoo config', () => {
  it('makes a column per prompt × provider with what promptfoo sends by default', () => {
    const suite = read(BASIC)
    expect(suite.targets.map((t) => [t.id, t.connection, t.dialect, t.model])).toEqual([
      ['openai:chat:m1 · prompt 1', 'local', 'openai-chat', 'm1'],
      ['openai:chat:m1 · prompt 2', 'local', 'openai-chat', 'm1'],
      ['claude · prompt 1', 'http://127.0.0.1:9/v1', 'anthropic-messages', 'm2'],
      ['claude · prompt 2', 'http://127.0.0.1:9/v1', 'anthropic-messages', 'm2'],
    ])
    // OpenAI: max_tokens 1024, temperature 0; Anthropic: a top_p drops the temperature.
    expect(suite.targets[0]?.prompt?.params).toEqual({ maxTokens: 1024, temperature: 0, stream: false })
    expect(suite.targets[2]?.prompt?.params).toEqual({ maxTokens: 50, topP: 0.9, stream: false })
    expect(suite.targets[1]?.prompt?.messages).toEqual([
      { role: 'user', content: 'Say {{input}} in {{language}}' },
    ])
    expect(suite.keys).toEqual(new Map([['http://127.0.0.1:9/v1', [{ env: 'MY_KEY' }]]]))
    expect(suite.set.name).toBe('translations')
  })

  it('expands list variables, merges the default test, and fills assertion values per case', () => {
    const { set } = read(BASIC)
    expect(set.cases.map((c) => [c.id, c.vars])).toEqual([
      ['test-1', { language: 'French', input: 'Hello' }],
      ['test-2', { language: 'French', input: 'Bye' }],
      ['test-3', { language: 'Spanish', input: 'Thanks' }],
    ])
    expect(set.cases[1]?.graders).toEqual([
      { type: 'contains', value: 'Bye', ignoreCase: true },
      { type: 'not', grader: { type: 'equals', value: 'Bonjour', trim: false } },
    ])
    expect(set.cases[2]?.graders).toEqual([{ type: 'contains', value: 'Thanks', ignoreCase: true }])
  })

  it('maps every assertion it reads with promptfoo’s semantics', () => {
    const { set } = read(`prompts: ['{{x}}']
providers: ['openai:m', {id: 'openai:chat:n', config: {cost: 0.5}}]
tests:
  - vars: {x: a}
    assert:
      - {type: equals, value: {a: 1}}
      - {type: equals, value: 42}
      - {type: contains-any, value: 'a, "b, c"'}
      - {type: icontains-all, value: [X, Y]}
      - {type: starts-with, value: Hi}
      - {type: regex, value: '^\\d+$'}
      - {type: is-json, value: '{type: object}'}
      - {type: contains-json}
      - {type: latency, threshold: 500}
      - {type: not-cost, threshold: 0.01}
      - {type: llm-rubric, value: 'is polite'}
`)
    expect(set.cases[0]?.graders).toEqual([
      { type: 'json', schema: { const: { a: 1 } }, fence: false },
      { type: 'equals', value: '42', trim: false },
      { type: 'contains-any', values: ['a', 'b, c'], ignoreCase: false },
      { type: 'contains-all', values: ['X', 'Y'], ignoreCase: true },
      { type: 'starts-with', value: 'Hi' },
      { type: 'regex', pattern: '^\\d+$' },
      { type: 'json', fence: false, schema: { type: 'object' } },
      { type: 'contains-json' },
      { type: 'latency', maxTotalMs: 500 },
      { type: 'not', grader: { type: 'cost', max: 0.01 } },
      { type: 'rubric', rubric: 'is polite' },
    ])
  })

  it('refuses code assertions by name, or keeps them as skipped when asked', () => {
    const yaml = `prompts: [hi]
providers: [openai:chat:m]
tests:
  - assert: [{type: contains, value: x}, {type: javascript, value: 'true'}]
  - assert: [{type: not-python, value: 'True'}, {type: webhook, value: 'http://x'}]
`
    const error = errorOf(() => read(yaml))
    expect(error).toBeInstanceOf(UnsupportedAssertionsError)
    expect(error.message).toContain(
      'unsupported assertions javascript, not-python, webhook (first at tests[0].assert[1])',
    )
    const { set, skipped } = read(yaml, true)
    expect(skipped).toEqual(['javascript', 'not-python', 'webhook'])
    expect(set.cases[1]?.graders).toEqual([
      { type: 'unsupported', assertion: 'not-python' },
      { type: 'unsupported', assertion: 'webhook' },
    ])
  })

  it.each([
    ['prompts: [file://p.txt]\nproviders: [openai:chat:m]', 'prompts[0]: file:// prompts are not read'],
    [
      "prompts: ['{{ x | upper }}']\nproviders: [openai:chat:m]",
      'prompts[0]: "{{ x | upper }}": only {{ name }}',
    ],
    ['prompts: [hi]\nproviders: [vertex:gemini]', 'providers[0].id: provider "vertex:gemini"'],
    [
      'prompts: [hi]\nproviders: [{id: openai:chat:m, config: {tools: []}}]',
      'providers[0].config.tools: is not read',
    ],
    [
      'prompts: [hi]\nproviders: [openai:chat:m]\ntests: [{assert: [{type: contains, value: x, threshold: 0.5}]}]',
      'tests[0].assert[0].threshold: a score threshold on contains is not supported',
    ],
    ['prompts: [hi]\nproviders: [openai:chat:m]\nscenarios: []', 'scenarios: is not read'],
    [
      'prompts: [hi]\nproviders: [openai:chat:m]\ntests: [{options: {transform: x}}]',
      'tests[0].options.transform: is not read',
    ],
  ])('names the path of what it cannot run: %s', (yaml, message) => {
    const error = errorOf(() => read(yaml))
    expect(error).toBeInstanceOf(EvalInputError)
    expect(error.message).toContain(`promptfooconfig.yaml, ${message}`)
  })

  it('tells a promptfoo config from a test set', () => {
    expect(isPromptfooConfig(BASIC, 'promptfooconfig.yaml')).toBe(true)
    expect(isPromptfooConfig('{"prompts": ["x"], "providers": []}', 'suite.json')).toBe(true)
    expect(isPromptfooConfig('format: model-gateway-test-set\nprompts: []', 'x.yaml')).toBe(false)
    expect(isPromptfooConfig('{ not yaml', 'x.yaml')).toBe(false)
  })

  it('opens in the workbench only with one prompt', () => {
    expect(errorOf(() => promptfooConfigAsSet(BASIC, 'p.yaml')).message).toContain('with one prompt')
    const set = promptfooConfigAsSet(BASIC.replace("  - 'Say {{input}} in {{language}}'\n", ''), 'p.yaml')
    expect(set.prompt?.messages).toEqual([{ role: 'user', content: 'Translate to {{language}}: {{input}}' }])
    expect(set.cases).toHaveLength(3)
  })
})

describe('prompts as each provider reads them', () => {
  it('OpenAI takes a JSON message list, else the whole text as one user message', () => {
    expect(
      promptForDialect(
        '[{"role":"system","content":"Be brief"},{"role":"user","content":"{{q}}"}]',
        'openai-chat',
        'p',
      ),
    ).toEqual({
      system: 'Be brief',
      messages: [{ role: 'user', content: '{{q}}' }],
    })
    expect(promptForDialect('  Line one\n\n  line two ', 'openai-chat', 'p').messages[0]?.content).toBe(
      '  Line one\n\n  line two ',
    )
  })

  it('Anthropic reads lines: trimmed, blank ones dropped, role prefixes start turns', () => {
    expect(
      promptForDialect(
        'system: Be brief\n  Hello\n\nthere  \nassistant: Hi\nuser: {{q}}',
        'anthropic-messages',
        'p',
      ),
    ).toEqual({
      system: 'Be brief',
      messages: [
        { role: 'user', content: 'Hello\nthere' },
        { role: 'assistant', content: 'Hi' },
        { role: 'user', content: '{{q}}' },
      ],
    })
  })
})

describe('comma-separated assertion values', () => {
  const field = fc.string({ minLength: 1, maxLength: 12 })

  it('quoted fields come back whole, whatever they hold', () => {
    fc.assert(
      fc.property(fc.array(field, { minLength: 1, maxLength: 6 }), (values) => {
        const text = values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '""')}"`).join(', ')
        expect(splitCommaValues(text, 'a')).toEqual(values)
      }),
    )
  })

  it('unquoted fields are split on commas and trimmed, empty ones dropped', () => {
    const plain = field.filter((v) => !/[,"]/.test(v) && v.trim() !== '' && v === v.trim())
    fc.assert(
      fc.property(fc.array(plain, { minLength: 1, maxLength: 6 }), (values) => {
        expect(splitCommaValues(` ${values.join(' ,, ')} ,`, 'a')).toEqual(values)
      }),
    )
  })

  it('refuses an unclosed quote instead of guessing', () => {
    expect(() => splitCommaValues('"a, b', 'tests[0].assert[0]')).toThrow(
      'tests[0].assert[0].value: a quoted field is not closed',
    )
  })
})
