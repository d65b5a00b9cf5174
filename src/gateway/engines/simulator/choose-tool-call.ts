import type { ChatRequest, DialectId, ToolDefinition } from '../../../shared/chat/chat-request'
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
 */
export function toolNamedIn(text: string, tools: readonly ToolDefinition[]): ToolDefinition | undefined {
  // A pasted 4 MB document should not cost tools × 4 MB of regex scanning: people name tools early.
  const searched = text.length > MENTION_SEARCH_CHARS ? text.slice(0, MENTION_SEARCH_CHARS) : text
  let best: { tool: ToolDefinition; index: number } | undefined
  for (const tool of tools) {
    for (const spelling of spellings(tool.name)) {
      const match = new RegExp(`(?<![\\p{L}\\p{N}_])${escapeRegExp(spelling)}(?![\\p{L}\\p{N}_])`, 'iu').exec(
        searched,
      )
      if (match !== null && (best === undefined || match.index < best.index))
        best = { tool, index: match.index }
    }
  }
  return best?.tool
}

const MENTION_SEARCH_CHARS = 20_000

function spellings(name: string): string[] {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\-.]+/g, ' ')
    .trim()
  return words === '' || words.toLowerCase() === name.toLowerCase() ? [name] : [name, words]
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
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
