import type { ToolDefinition } from '../../../../shared/chat/chat-request'
import { checkJsonSchema } from '../../../../shared/chat/json-schema-check'
import { OPENAI_NAME_PATTERN } from '../../../../shared/dialects/openai-chat/openai-request-schema'
import { describeJsonTextError, parseJsonText } from './parse-json-text'
import type { Validated } from './validate-response-schema'

const TOOL_KEYS = new Set(['name', 'description', 'parameters'])

/**
 * The "Tools (JSON)" editor's text as tool definitions: an array of `{ name, description?, parameters }`.
 * Names follow Chat Completions' rule (the stricter of the two dialects: 64 characters, Messages
 * allows 128) and must be unique; parameters pass the gateway's own schema check with an object root.
 * Empty text (or `[]`) means no tools.
 */
export function validateToolsText(text: string): Validated<ToolDefinition[]> {
  if (text.trim() === '') return { ok: true, value: [] }
  const parsed = parseJsonText(text)
  if (!parsed.ok) return { ok: false, message: describeJsonTextError(parsed.error) }
  if (!Array.isArray(parsed.value)) {
    return { ok: false, message: 'Tools must be a JSON array of { name, description?, parameters }.' }
  }
  const tools: ToolDefinition[] = []
  const seen = new Set<string>()
  for (const [index, item] of parsed.value.entries()) {
    const where = `tools[${index}]`
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      return { ok: false, message: `${where}: must be an object { name, description?, parameters }.` }
    }
    const tool = item as Record<string, unknown>
    // People paste OpenAI's wire shape; the playground writes that shape itself, per dialect.
    if (tool['type'] === 'function' && typeof tool['function'] === 'object') {
      return {
        ok: false,
        message: `${where}: write the function itself ({ name, description, parameters }), without the {"type":"function","function":…} wrapper; each dialect's wire shape is made for you.`,
      }
    }
    const unknownKey = Object.keys(tool).find((key) => !TOOL_KEYS.has(key))
    if (unknownKey !== undefined) {
      return {
        ok: false,
        message: `${where}: unknown field ${JSON.stringify(unknownKey)} (use name, description, parameters).`,
      }
    }
    const name = tool['name']
    if (typeof name !== 'string' || !OPENAI_NAME_PATTERN.test(name)) {
      return { ok: false, message: `${where}.name: 1–64 characters of a–z, A–Z, 0–9, _ and -.` }
    }
    if (seen.has(name))
      return { ok: false, message: `${where}.name: ${JSON.stringify(name)} is defined twice.` }
    seen.add(name)
    const description = tool['description']
    if (description !== undefined && typeof description !== 'string') {
      return { ok: false, message: `${where}.description: must be a string.` }
    }
    const parameters = tool['parameters']
    if (parameters === undefined) {
      return { ok: false, message: `${where}.parameters: required, a JSON Schema with "type": "object".` }
    }
    try {
      checkJsonSchema(parameters, `${where}.parameters`, { rootMustBeObject: true })
    } catch (error) {
      return { ok: false, message: (error as Error).message }
    }
    tools.push({
      name,
      ...(description === undefined ? {} : { description }),
      parameters: parameters as ToolDefinition['parameters'],
    })
  }
  return { ok: true, value: tools }
}

/** The tool "Insert example" adds: one required string argument the simulator fills from the prompt. */
export const EXAMPLE_TOOL: ToolDefinition = {
  name: 'get_weather',
  description: 'Current weather for a city.',
  parameters: {
    type: 'object',
    properties: { city: { type: 'string', description: 'City name, e.g. Paris' } },
    required: ['city'],
  },
}

/**
 * The editor text after "Insert example": the example alone in an empty editor, appended to a valid
 * list (unless a tool of that name is there), and replacing text that is not a valid list (asked for
 * explicitly, so a fresh start is what the user wants).
 */
export function textWithExampleTool(text: string): string {
  const current = validateToolsText(text)
  const tools = current.ok ? current.value : []
  const merged = tools.some((tool) => tool.name === EXAMPLE_TOOL.name) ? tools : [...tools, EXAMPLE_TOOL]
  return formatJson(merged)
}

export function formatJson(value: unknown): string {
  return JSON.stringify(value, null, 2)
}
