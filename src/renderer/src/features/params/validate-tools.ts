import type { ToolDefinition } from '@shared/chat/chat-request'
import { checkJsonSchema } from '@shared/chat/json-schema-check'
import { OPENAI_NAME_PATTERN } from '@shared/dialects/openai-chat/openai-request-schema'
import { describeJsonTextError, parseJsonText } from './parse-json-text'

/** The native shape a tool was written in; the editor's own is `{ name, description?, parameters }`. */
type ToolSourceFormat = 'openai' | 'anthropic'
export type ToolConversion = { name: string; from: ToolSourceFormat }

/** Valid tools, and which of them were written in a dialect's native shape and converted. */
export type ValidatedTools =
  { ok: true; value: ToolDefinition[]; converted?: ToolConversion[] } | { ok: false; message: string }

type Fields = { name: unknown; description: unknown; parameters: unknown }
type ReadItem = { ok: true; fields: Fields; from?: ToolSourceFormat } | { ok: false; message: string }

const SHAPES =
  'use { name, description?, parameters }, OpenAI\'s {"type":"function","function":{…}} or Anthropic\'s { name, description?, input_schema }'

function unknownKey(object: object, allowed: readonly string[], at: string): string | undefined {
  const key = Object.keys(object).find((k) => !allowed.includes(k))
  return key === undefined ? undefined : `${at}: unknown field ${JSON.stringify(key)} (${SHAPES}).`
}

/**
 * One array item in any of the three shapes people paste: the editor's own, OpenAI's tool
 * (`{"type":"function","function":{name, description?, parameters?, strict?}}`, parameters optional
 * there) and Anthropic's (`{name, description?, input_schema}`). Fields are checked afterwards, the
 * same way whatever the shape. Each dialect's wire shape is built from the result when sending.
 */
function readToolItem(tool: Record<string, unknown>, where: string): ReadItem {
  if ('function' in tool || tool['type'] === 'function') {
    const fn = tool['function']
    if (tool['type'] !== 'function' || typeof fn !== 'object' || fn === null || Array.isArray(fn)) {
      return {
        ok: false,
        message: `${where}: an OpenAI tool is {"type":"function","function":{ name, description?, parameters? }}.`,
      }
    }
    const problem =
      unknownKey(tool, ['type', 'function'], where) ??
      unknownKey(fn as object, ['name', 'description', 'parameters', 'strict'], `${where}.function`)
    if (problem) return { ok: false, message: problem }
    const f = fn as Record<string, unknown>
    return {
      ok: true,
      from: 'openai',
      // OpenAI lets a function without arguments omit `parameters`; Messages requires a schema.
      fields: {
        name: f['name'],
        description: f['description'],
        parameters: f['parameters'] ?? { type: 'object', properties: {} },
      },
    }
  }
  if ('input_schema' in tool) {
    const problem = unknownKey(tool, ['name', 'description', 'input_schema'], where)
    if (problem) return { ok: false, message: problem }
    return {
      ok: true,
      from: 'anthropic',
      fields: { name: tool['name'], description: tool['description'], parameters: tool['input_schema'] },
    }
  }
  const problem = unknownKey(tool, ['name', 'description', 'parameters'], where)
  if (problem) return { ok: false, message: problem }
  return {
    ok: true,
    fields: { name: tool['name'], description: tool['description'], parameters: tool['parameters'] },
  }
}

/**
 * The "Tools (JSON)" editor's text as tool definitions: an array of `{ name, description?, parameters }`,
 * or of tools in OpenAI's or Anthropic's native shape (converted, and `converted` says which).
 * Names follow Chat Completions' rule (the stricter of the two dialects: 64 characters, Messages
 * allows 128) and must be unique; parameters pass the gateway's own schema check with an object root.
 * Empty text (or `[]`) means no tools.
 */
export function validateToolsText(text: string): ValidatedTools {
  if (text.trim() === '') return { ok: true, value: [] }
  const parsed = parseJsonText(text)
  if (!parsed.ok) return { ok: false, message: describeJsonTextError(parsed.error) }
  if (!Array.isArray(parsed.value)) {
    return { ok: false, message: 'Tools must be a JSON array of { name, description?, parameters }.' }
  }
  const tools: ToolDefinition[] = []
  const converted: ToolConversion[] = []
  const seen = new Set<string>()
  for (const [index, item] of parsed.value.entries()) {
    const where = `tools[${index}]`
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      return { ok: false, message: `${where}: must be an object { name, description?, parameters }.` }
    }
    const read = readToolItem(item as Record<string, unknown>, where)
    if (!read.ok) return read
    const at = read.from === 'openai' ? `${where}.function` : where
    const { name, description, parameters } = read.fields
    if (typeof name !== 'string' || !OPENAI_NAME_PATTERN.test(name)) {
      return { ok: false, message: `${at}.name: 1–64 characters of a–z, A–Z, 0–9, _ and -.` }
    }
    if (seen.has(name)) return { ok: false, message: `${at}.name: ${JSON.stringify(name)} is defined twice.` }
    seen.add(name)
    if (description !== undefined && typeof description !== 'string') {
      return { ok: false, message: `${at}.description: must be a string.` }
    }
    const schemaField = read.from === 'anthropic' ? 'input_schema' : 'parameters'
    if (parameters === undefined) {
      return { ok: false, message: `${at}.${schemaField}: required, a JSON Schema with "type": "object".` }
    }
    try {
      checkJsonSchema(parameters, `${at}.${schemaField}`, { rootMustBeObject: true })
    } catch (error) {
      return { ok: false, message: (error as Error).message }
    }
    tools.push({
      name,
      ...(description === undefined ? {} : { description }),
      parameters: parameters as ToolDefinition['parameters'],
    })
    if (read.from) converted.push({ name, from: read.from })
  }
  return converted.length > 0 ? { ok: true, value: tools, converted } : { ok: true, value: tools }
}

/** "Converted from OpenAI's format: get_weather. Converted from Anthropic's format: lookup." */
export function describeConversions(converted: readonly ToolConversion[] | undefined): string | undefined {
  if (!converted || converted.length === 0) return undefined
  const label: Record<ToolSourceFormat, string> = { openai: 'OpenAI', anthropic: 'Anthropic' }
  return (['openai', 'anthropic'] as const)
    .map((from) => {
      const names = converted.filter((c) => c.from === from).map((c) => c.name)
      return names.length === 0 ? '' : `Converted from ${label[from]}'s format: ${names.join(', ')}.`
    })
    .filter((sentence) => sentence !== '')
    .join(' ')
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
