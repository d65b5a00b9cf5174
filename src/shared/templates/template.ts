import type { ChatMessage, ChatRequest } from '../chat/chat-request'

/**
 * Prompt templates: `{{name}}` placeholders in the system prompt and in the text of messages, as the
 * Anthropic Workbench and promptfoo write them. A name is a letter or `_`, then letters, digits, `_`,
 * `.` or `-` (at most 64 characters); spaces inside the braces are allowed (`{{ city }}`). Anything
 * else between double braces (`{{ two words }}`, `{{}}`, JSON like `{{"a":1}}`) is plain text, so a
 * prompt about templates or JSON is not mangled.
 *
 * Filling is ONE pass over the template: a value is inserted as it is and never scanned again, so a
 * value that itself contains `{{other}}` stays literally `{{other}}` (no injection from test data).
 */
// `__proto__` is not a name: assigned as a key it would set an object's prototype instead of a value.
const NAME_SOURCE = String.raw`(?!__proto__(?![A-Za-z0-9_.-]))[A-Za-z_][A-Za-z0-9_.-]{0,63}`
const VARIABLE_SOURCE = String.raw`\{\{\s*(${NAME_SOURCE})\s*\}\}`

/** A whole string that is a variable name (test-set keys, CSV columns): the one definition. */
export const VARIABLE_NAME = new RegExp(`^${NAME_SOURCE}$`)
export const VARIABLE_NAME_RULE = 'a variable name: a letter or _, then letters, digits, _ . - (at most 64)'

/** How many variables a set of values may hold, and how long one value may be (test sets, saved chats). */
export const TEMPLATE_LIMITS = {
  variables: 200,
  valueChars: 1024 * 1024,
} as const

/** Values by variable name. */
export type TemplateValues = Readonly<Record<string, string>>

export class TemplateError extends Error {
  constructor(
    message: string,
    /** Variables the template uses that have no value. */
    readonly missing: readonly string[],
    /** Values given for variables the template does not use (usually a typo in a column name). */
    readonly unknown: readonly string[],
  ) {
    super(message)
    this.name = 'TemplateError'
  }
}

/** The variables of one text, in order of first appearance, each once. */
export function findTemplateVariables(text: string): string[] {
  const names = new Set<string>()
  for (const match of text.matchAll(new RegExp(VARIABLE_SOURCE, 'g'))) names.add(match[1] as string)
  return [...names]
}

/** Every text of a request that may hold variables: the system prompt, then each message's text. */
function requestTexts(request: Pick<ChatRequest, 'system' | 'messages'>): string[] {
  const texts: string[] = []
  if (request.system !== undefined) texts.push(request.system)
  for (const message of request.messages) {
    if (message.role === 'tool') texts.push(message.content)
    else for (const part of message.content) if (part.type === 'text') texts.push(part.text)
  }
  return texts
}

/** The variables of a request (system prompt and messages), in order of first appearance. */
export function findRequestVariables(request: Pick<ChatRequest, 'system' | 'messages'>): string[] {
  const names = new Set<string>()
  for (const text of requestTexts(request)) for (const name of findTemplateVariables(text)) names.add(name)
  return [...names]
}

function quoteNames(names: readonly string[]): string {
  return names.map((name) => `{{${name}}}`).join(', ')
}

/**
 * Checks values against the variables a template uses. Missing values are always an error; values
 * for unused names are one unless `allowUnknown` (a test set may carry columns for another prompt).
 */
function checkTemplateValues(
  variables: readonly string[],
  values: TemplateValues,
  options: { allowUnknown?: boolean } = {},
): void {
  const used = new Set(variables)
  const missing = variables.filter((name) => !Object.hasOwn(values, name))
  const unknown = options.allowUnknown ? [] : Object.keys(values).filter((name) => !used.has(name))
  if (missing.length === 0 && unknown.length === 0) return
  const sentences: string[] = []
  if (missing.length > 0) sentences.push(`No value for ${quoteNames(missing)}.`)
  if (unknown.length > 0) {
    sentences.push(
      `The template has no ${quoteNames(unknown)}` +
        (variables.length > 0 ? ` (it uses ${quoteNames(variables)}).` : ' (it uses no variables).'),
    )
  }
  throw new TemplateError(sentences.join(' '), missing, unknown)
}

/** Replaces each variable of `text` by its value in one pass (values are never expanded again). */
export function fillTemplate(text: string, values: TemplateValues): string {
  checkTemplateValues(findTemplateVariables(text), values, { allowUnknown: true })
  return text.replace(new RegExp(VARIABLE_SOURCE, 'g'), (_match, name: string) => values[name] as string)
}

function fillMessage(message: ChatMessage, values: TemplateValues): ChatMessage {
  if (message.role === 'tool') return { ...message, content: fillTemplate(message.content, values) }
  if (message.role === 'user') {
    return {
      ...message,
      content: message.content.map((part) =>
        part.type === 'text' ? { ...part, text: fillTemplate(part.text, values) } : part,
      ),
    }
  }
  return {
    ...message,
    content: message.content.map((part) =>
      part.type === 'text' ? { ...part, text: fillTemplate(part.text, values) } : part,
    ),
  }
}

/**
 * The request with every variable of its system prompt and messages filled: what is sent, and what
 * the curl/code views show. Throws TemplateError naming every missing (and, unless `allowUnknown`,
 * unused) variable at once, before anything is filled.
 */
export function fillRequest<R extends Pick<ChatRequest, 'system' | 'messages'>>(
  request: R,
  values: TemplateValues,
  options: { allowUnknown?: boolean } = {},
): R {
  checkTemplateValues(findRequestVariables(request), values, options)
  const filled: R = { ...request, messages: request.messages.map((m) => fillMessage(m, values)) }
  if (request.system !== undefined) filled.system = fillTemplate(request.system, values)
  return filled
}
