import type { Sampler } from './sampler'

/**
 * Markdown blocks that fill a simulated reply to the length it aims for: paragraphs of sentences that
 * say what the simulator does (so even the filler is honest about being synthetic), sometimes a
 * heading, a list or a short code block, so the playground's markdown renderer gets exercised.
 * Content choices use `pick` (they follow the request's seed even at temperature 0).
 */
export function fillerBlock(
  sampler: Sampler,
  subject: { model: string; dialect: string },
  index: number,
): string {
  const roll = sampler.random()
  if (index > 0 && roll < 0.14) return `### ${sampler.pick(HEADINGS)}\n\n${paragraph(sampler)}`
  if (roll < 0.3) return list(sampler)
  if (roll < 0.4) return codeBlock(sampler, subject)
  return paragraph(sampler)
}

/** A section heading for long replies, so a long answer has the shape of one. */
export function sectionHeading(sampler: Sampler, section: number): string {
  return `## ${section}. ${sampler.pick(SECTION_TITLES)}`
}

function paragraph(sampler: Sampler): string {
  const count = sampler.int(2, 4)
  const sentences: string[] = []
  for (let i = 0; i < count; i++) {
    sentences.push(sampler.chance(0.45) ? sampler.pick(FACTS) : madeUpSentence(sampler))
  }
  return sentences.join(' ')
}

function list(sampler: Sampler): string {
  const count = sampler.int(3, 5)
  const items: string[] = []
  for (let i = 0; i < count; i++) items.push(`- ${sampler.pick(LIST_ITEMS)}`)
  return `${sampler.pick(LIST_INTROS)}\n\n${items.join('\n')}`
}

function codeBlock(sampler: Sampler, subject: { model: string; dialect: string }): string {
  const model = JSON.stringify(subject.model)
  const dialect = JSON.stringify(subject.dialect)
  const snippets: readonly [string, ...string[]] = [
    `\`\`\`ts\n// Simulated: nothing was executed.\nconst reply = await gateway.chat({ model: ${model}, dialect: ${dialect} })\nconsole.log(reply.usage.outputTokens)\n\`\`\``,
    `\`\`\`python\n# Simulated: nothing was executed.\nreply = gateway.chat(model=${model}, dialect=${dialect})\nprint(reply.usage.output_tokens)\n\`\`\``,
    `\`\`\`json\n{ "simulated": true, "model": ${model}, "dialect": ${dialect} }\n\`\`\``,
    `\`\`\`bash\n# Simulated: nothing was executed.\ncurl -s "$BASE_URL/models" | jq '.data[].id'\n\`\`\``,
  ]
  return `${sampler.pick(CODE_INTROS)}\n\n${sampler.pick(snippets)}`
}

function madeUpSentence(sampler: Sampler): string {
  const subject = sampler.pick(SUBJECTS)
  return `${subject} ${sampler.pick(VERBS)} ${sampler.pick(OBJECTS)} ${sampler.pick(ENDINGS)}.`
}

const FACTS = [
  'The simulator draws every word from a seeded generator, so the same request always gets the same reply.',
  'Streaming and non-streaming requests get the same text and the same usage figures.',
  'Token counts come from a real tokenizer, so max_tokens cuts this reply exactly where a model would stop.',
  'A different seed or temperature changes the wording; at temperature 0 the phrasing never varies.',
  'Stop sequences end the reply just before their first occurrence, as the real APIs do.',
  'The x-simulate header rehearses rate limits, overloads and dropped connections.',
  'Nothing here was checked for truth: it is placeholder text with the shape of an answer.',
  'Pacing follows the configured time to first token and tokens per second.',
  'No network request left this machine to produce this reply.',
] as const

const SUBJECTS = [
  'The simulated model',
  'This placeholder paragraph',
  'A synthetic sentence',
  'The local gateway',
  'The seeded generator',
  'Every simulated token',
  'The playground',
] as const
const VERBS = [
  'describes',
  'imitates',
  'stands in for',
  'rehearses',
  'sketches',
  'approximates',
  'mirrors',
] as const
const OBJECTS = [
  'the rhythm of a real answer',
  'a plausible explanation',
  'the structure of a reply',
  'what a model might say here',
  'an answer without any inference',
  'the pacing of a streamed response',
  'a well-formed markdown document',
] as const
const ENDINGS = [
  'without claiming anything',
  'for testing purposes only',
  'while saying nothing of substance',
  'so the interface has something to render',
  'in a predictable way',
  'one token at a time',
] as const

const HEADINGS = ['Notes', 'Details', 'How this reply was made', 'What to expect', 'Summary'] as const
const SECTION_TITLES = [
  'Background',
  'Placeholder analysis',
  'Further details',
  'Simulated discussion',
  'More synthetic text',
  'Observations',
  'Worked example',
] as const
const LIST_INTROS = ['A few points:', 'In short:', 'Things worth knowing:', 'Key facts:'] as const
const LIST_ITEMS = [
  'the reply is deterministic',
  'usage is counted with a real tokenizer',
  'streaming does not change the text',
  '`max_tokens` is honoured exactly',
  'stop sequences are honoured',
  'tools are called with schema-valid arguments',
  'JSON modes return parseable JSON',
  'images are counted, not looked at',
  'no model was involved',
] as const
const CODE_INTROS = ['For example:', 'A short snippet:', 'Something like this:'] as const
