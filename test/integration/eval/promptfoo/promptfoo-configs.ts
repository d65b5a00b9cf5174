import { TEXT_MODEL, VISION_MODEL } from '@shared/catalog'

/**
 * promptfoo configs for the parity test, as YAML text for a gateway at `base` (ending in /v1) whose
 * key is in GATEWAY_KEY (and ANTHROPIC_API_KEY). The first three are promptfoo's own examples (examples/getting-started,
 * examples/gpt-4o-vs-4o-mini, examples/anthropic/promptfooconfig.basic.yaml), whole, with only provider
 * ids, base URLs and the key's env var changed (and, where an llm-rubric needs one, the grading
 * provider pointed at the gateway); the last exercises every assertion the workbench reads, passing and failing.
 */
const A = TEXT_MODEL.name
const B = VISION_MODEL.name

const openai = (model: string, base: string, extra = '') =>
  `  - id: openai:chat:${model}
    config:
      apiBaseUrl: ${base}
      apiKeyEnvar: GATEWAY_KEY${extra}`

// promptfoo's Anthropic provider reads its key from config.apiKey or ANTHROPIC_API_KEY only.
const anthropic = (model: string, base: string, label: string, extra = '') =>
  `  - id: anthropic:messages:${model}
    label: '${label}'
    config:
      apiBaseUrl: ${base.replace(/\/v1$/, '')}${extra}`

const grader = (base: string) => `  options:
    provider:
      id: openai:chat:${A}
      config:
        apiBaseUrl: ${base}
        apiKeyEnvar: GATEWAY_KEY`

export function gettingStarted(base: string): string {
  return `description: 'Getting started'
prompts:
  - 'Convert this English to {{language}}: {{input}}'
  - 'Translate to {{language}}: {{input}}'

providers:
${openai(A, base)}
${openai(B, base)}

tests:
  - vars:
      language: French
      input: Hello world
    assert:
      - type: contains
        value: 'Bonjour le monde'
  - vars:
      language: Spanish
      input: Where is the library?
    assert:
      - type: icontains
        value: 'Dónde está la biblioteca'
`
}

export function riddles(base: string): string {
  return `description: Comparing GPT-4o and GPT-4o Mini performance on riddles

prompts:
  - 'Solve this riddle: {{riddle}}'

providers:
${openai(A, base)}
${openai(B, base)}

defaultTest:
${grader(base)}
  assert:
    # Inference should always cost less than this (USD)
    - type: cost
      threshold: 0.002
    # Inference should always be faster than this (milliseconds)
    - type: latency
      threshold: 3000

tests:
  - vars:
      riddle: 'I speak without a mouth and hear without ears. I have no body, but I come alive with wind. What am I?'
    assert:
      - type: contains
        value: echo
      - type: llm-rubric
        value: Do not apologize
  - vars:
      riddle: "You see a boat filled with people. It has not sunk, but when you look again you don't see a single person on the boat. Why?"
    assert:
      - type: llm-rubric
        value: explains that there are no single people (they are all married)
  - vars:
      riddle: 'The more of this there is, the less you see. What is it?'
    assert:
      - type: contains
        value: darkness
  - vars:
      riddle: >-
        I have keys but no locks. I have space but no room. You can enter, but
        can't go outside. What am I?
  - vars:
      riddle: >-
        I am not alive, but I grow; I don't have lungs, but I need air; I don't
        have a mouth, but water kills me. What am I?
  - vars:
      riddle: What can travel around the world while staying in a corner?
  - vars:
      riddle: Forward I am heavy, but backward I am not. What am I?
  - vars:
      riddle: >-
        The person who makes it, sells it. The person who buys it, never uses
        it. The person who uses it, doesn't know they're using it. What is it?
  - vars:
      riddle: I can be cracked, made, told, and played. What am I?
  - vars:
      riddle: What has keys but can't open locks?
  - vars:
      riddle: >-
        I'm light as a feather, yet the strongest person can't hold me for much
        more than a minute. What am I?
  - vars:
      riddle: >-
        I can fly without wings, I can cry without eyes. Whenever I go, darkness
        follows me. What am I?
  - vars:
      riddle: >-
        I am taken from a mine, and shut up in a wooden case, from which I am
        never released, and yet I am used by almost every person. What am I?
  - vars:
      riddle: >-
        David's father has three sons: Snap, Crackle, and _____? What is the
        name of the third son?
  - vars:
      riddle: >-
        I am light as a feather, but even the world's strongest man couldn't
        hold me for much longer than a minute. What am I?
`
}

export function anthropicBasic(base: string): string {
  return `description: Basic Claude Completion Example
prompts:
  - 'Write a short, quirky tweet about {{topic}} that would go viral.'
  - 'Explain {{topic}} as if I were a 5-year-old child.'
  - 'Create a concise definition of {{topic}} for a technical glossary.'

providers:
${anthropic(A, base, 'Claude 3.7 Sonnet', '\n      temperature: 0.7\n      max_tokens: 1024')}
${anthropic(B, base, 'Claude 3.5 Sonnet', '\n      temperature: 0.7\n      max_tokens: 1024')}
${anthropic(A, base, 'Claude 3.5 Haiku', '\n      temperature: 0.7\n      max_tokens: 1024')}

tests:
  - vars:
      topic: quantum computing
  - vars:
      topic: artificial intelligence
  - vars:
      topic: space exploration
  - vars:
      topic: climate change
  - vars:
      topic: cryptocurrency
`
}

/**
 * Every assertion type the workbench reads, and its not- form, over both dialects; the values are
 * chosen against the simulator's replies so that some pass and some fail. No provider has cost
 * config: promptfoo prices only models in its own table (docs/eval.md, "Known differences"), so
 * `cost` is unknown to both tools here and fails in both forms.
 */
export function everyAssertion(base: string): string {
  return `description: every assertion
prompts:
  - 'Reply about {{topic}}. Mention {{word}}.'
  - '[{"role": "system", "content": "You answer briefly."}, {"role": "user", "content": "Tell me about {{topic}}"}]'
providers:
${openai(A, base)}
${anthropic(B, base, 'anthropic', '\n      temperature: 0.5')}
defaultTest:
${grader(base)}
  vars:
    word: Oslo
  assert:
    - type: latency
      threshold: 60000
tests:
  - vars:
      topic: [fjords, glaciers]
    assert:
      - type: icontains
        value: '{{topic}}'
      - type: not-contains
        value: 'zebra crossing'
      - type: contains-any
        value: 'Oslo, Bergen, "Tromsø, Norway"'
      - type: contains-all
        value: [Oslo, zebra]
      - type: icontains-any
        value: [OSLO]
      - type: icontains-all
        value: [OSLO, '{{word}}']
  - vars:
      topic: JSON
    assert:
      - type: is-json
      - type: not-is-json
      - type: contains-json
      - type: not-contains-json
        value: {type: object, required: [city]}
      - type: equals
        value: {city: Oslo}
      - type: not-equals
        value: 'Oslo'
  - vars:
      topic: starts
    assert:
      - type: starts-with
        value: 'Reply'
      - type: not-starts-with
        value: 'Zebra'
      - type: regex
        value: '[A-Z][a-z]+'
      - type: not-regex
        value: '^\\d+$'
      - type: cost
        threshold: 1
      - type: not-cost
        threshold: 1
      - type: not-latency
        threshold: 60000
        weight: 2
  - vars:
      topic: rubrics
    assert:
      - type: llm-rubric
        value: 'mentions "Oslo"'
      - type: not-llm-rubric
        value: 'says "zebra"'
      - type: llm-rubric
        value: 'anything [simulate: fail]'
`
}
