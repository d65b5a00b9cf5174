import type { ChatRequest, DialectId, ToolDefinition } from '@shared/chat/chat-request'
import type { ConversationFacts } from './conversation-facts'
import type { Sampler } from './sampler'

/**
 * Whether the reply is a tool call, and to which tool:
 * - `{ name }` → that tool (forced), `required` → the tool the user named, else the first tool;
 * - `auto` → a call only when the last user message names a tool, and never right after tool
 *   results (the model answers them instead of looping);
 * - `none`, or no tools → no call.
 * A forced name the request does not declare still gets a call, with empty object arguments: the
 * decoders normally refuse such a request, and "forced means a call" is what clients rely on.
 */
export function chooseToolToCall(request: ChatRequest, facts: ConversationFacts): ToolDefinition | undefined {
  const tools = request.tools ?? []
  const choice = request.toolChoice ?? (tools.length > 0 ? 'auto' : 'none')
  if (typeof choice === 'object') {
    return (
      tools.find((tool) => tool.name === choice.name) ?? { name: choice.name, parameters: { type: 'object' } }
    )
  }
  switch (choice) {
    case 'none':
      return undefined
    case 'required':
      return toolNamedIn(facts.lastUserText, tools) ?? tools[0]
    case 'auto':
      return facts.toolResults.length > 0 ? undefined : toolNamedIn(facts.lastUserText, tools)
    default: {
      const unreachable: never = choice
      throw new Error(`unknown tool choice ${JSON.stringify(unreachable)}`)
    }
  }
}

/**
 * The tool whose name appears earliest in `text`, as a whole word, case-insensitive, written as
 * declared (`get_weather`) or as words (`get weather`, from snake_case, kebab-case or camelCase).
 * At one place, the tool declared first wins.
 *
 * One pass over the text with a table of spellings, not one regex per tool: with many tools and a
 * long message that blocked every other request (the test counts the case). Each place where a word starts
 * is compared with the spellings that fit there (a table lookup per word end within the longest
 * spelling), and the lookups are capped (MENTION_LOOKUPS) like the text is: people name tools early.
 */
export function toolNamedIn(text: string, tools: readonly ToolDefinition[]): ToolDefinition | undefined {
  // A pasted 4 MB document should not cost tools × 4 MB of scanning: people name tools early.
  const searched = text.length > MENTION_SEARCH_CHARS ? text.slice(0, MENTION_SEARCH_CHARS) : text
  /** Lower-cased spelling → the index of the first tool it names. */
  const bySpelling = new Map<string, number>()
  let longest = 0
  tools.forEach((tool, index) => {
    for (const spelling of spellings(tool.name)) {
      const key = asciiLowerCase(spelling)
      if (key === '' || bySpelling.has(key)) continue
      bySpelling.set(key, index)
      longest = Math.max(longest, key.length)
    }
  })
  if (bySpelling.size === 0) return undefined

  const lower = asciiLowerCase(searched)
  const word = wordCharacters(searched)
  let lookups = 0
  for (let start = 0; start < lower.length; start++) {
    // Whole words only, as `(?<![\p{L}\p{N}_])spelling(?![\p{L}\p{N}_])` would have it.
    if (start > 0 && word[start - 1] === 1) continue
    let found: number | undefined
    const last = Math.min(lower.length, start + longest)
    for (let end = start + 1; end <= last; end++) {
      if (end < lower.length && word[end] === 1) continue
      if (++lookups > MENTION_LOOKUPS) return undefined
      const index = bySpelling.get(lower.slice(start, end))
      if (index !== undefined && (found === undefined || index < found)) found = index
    }
    if (found !== undefined) return tools[found]
  }
  return undefined
}

const MENTION_SEARCH_CHARS = 20_000
/** Table lookups one message may cost: ample for any message that names a tool in its first 20 KB. */
const MENTION_LOOKUPS = 500_000

function spellings(name: string): string[] {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\-.]+/g, ' ')
    .trim()
  return words === '' || words.toLowerCase() === name.toLowerCase() ? [name] : [name, words]
}

/** Lower case for A–Z only, so every index still points at the same character (tool names are ASCII). */
function asciiLowerCase(text: string): string {
  return text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase())
}

/** 1 where the UTF-16 unit belongs to a letter, a digit or `_` (both halves of an astral letter). */
function wordCharacters(text: string): Uint8Array {
  const flags = new Uint8Array(text.length)
  for (const match of text.matchAll(/[\p{L}\p{N}_]+/gu))
    flags.fill(1, match.index, match.index + match[0].length)
  return flags
}

/** Ids in each dialect's shape (`call_…` 24 characters; `toolu_01…` 22 more), from the seeded sampler. */
export function simulatedToolCallId(dialect: DialectId, sampler: Sampler): string {
  const base62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
  switch (dialect) {
    case 'openai-chat':
      return `call_${sampler.alphanumeric(24, base62)}`
    case 'anthropic-messages':
      return `toolu_01${sampler.alphanumeric(22, base62)}`
    default: {
      const unreachable: never = dialect
      throw new Error(`unknown dialect ${String(unreachable)}`)
    }
  }
}
