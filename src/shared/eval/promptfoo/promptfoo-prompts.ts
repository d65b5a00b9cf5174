import { parse as parseYaml } from 'yaml'
import type { DialectId } from '../../chat/chat-request'
import type { PromptTemplate } from '../test-set-schema'
import { PromptfooConfigError } from './promptfoo-config-error'

/**
 * A promptfoo prompt as the request its provider sends (promptfoo 0.121): the text is rendered with
 * nunjucks first, then the provider reads it. OpenAI chat: a JSON (or `- role:` YAML) message list,
 * else the whole text as one user message. Anthropic messages: a JSON message list, else the text's
 * lines, each trimmed, blank ones dropped, `system:`/`user:`/`assistant:` starting a turn.
 * Only plain `{{ name }}` placeholders are read (our templates fill them the same way); any other
 * nunjucks (`{% if %}`, filters, `{{ a.b }}`) is refused by name rather than sent unrendered.
 */
const NUNJUCKS_TAG = /\{\{([\s\S]*?)\}\}|\{%([\s\S]*?)%\}|\{#[\s\S]*?#\}/g
const PLAIN_NAME = /^\s*[A-Za-z_][A-Za-z0-9_]*\s*$/

/** Throws unless every nunjucks tag of `text` is a plain `{{ name }}`. */
function checkPlainPlaceholders(text: string, path: string): void {
  for (const match of text.matchAll(NUNJUCKS_TAG)) {
    if (match[1] !== undefined && PLAIN_NAME.test(match[1])) continue
    throw new PromptfooConfigError(
      path,
      `${JSON.stringify(match[0].slice(0, 60))}: only {{ name }} placeholders are read (no nunjucks tags, filters or attributes)`,
    )
  }
}

type Turn = { role: 'system' | 'user' | 'assistant'; content: string }

function chatList(text: string, dialect: DialectId, path: string): Turn[] | undefined {
  const trimmed = text.trim()
  let parsed: unknown
  if (dialect === 'openai-chat' && trimmed.startsWith('- role:'))
    parsed = parseYaml(text, { maxAliasCount: 0 })
  else if (trimmed.startsWith('[')) {
    try {
      parsed = JSON.parse(text)
    } catch {
      return undefined
    }
  } else return undefined
  if (!Array.isArray(parsed)) return undefined
  return parsed.map((message: unknown, index) => {
    const m = message as { role?: unknown; content?: unknown }
    if ((m.role !== 'system' && m.role !== 'user' && m.role !== 'assistant') || typeof m.content !== 'string')
      throw new PromptfooConfigError(
        `${path}[${index}]`,
        'a chat message needs role system, user or assistant and text content',
      )
    return { role: m.role, content: m.content }
  })
}

/** Anthropic's reading of a text prompt (promptfoo's parseMessages). */
function anthropicLines(text: string): Turn[] {
  const turns: Turn[] = []
  let system: string | undefined
  let current: { role: 'user' | 'assistant'; lines: string[] } | undefined
  const flush = () => {
    if (current !== undefined && current.lines.length > 0)
      turns.push({ role: current.role, content: current.lines.join('\n') })
    current = undefined
  }
  for (const line of text.split('\n').map((l) => l.trim())) {
    if (line === '') continue
    if (line.startsWith('system:')) system = line.slice(7).trim()
    else if (line.startsWith('user:') || line.startsWith('assistant:')) {
      flush()
      current = {
        role: line.startsWith('user:') ? 'user' : 'assistant',
        lines: [line.slice(line.indexOf(':') + 1).trim()],
      }
    } else if (current !== undefined) current.lines.push(line)
    else current = { role: 'user', lines: [line] }
  }
  flush()
  if (turns.length === 0 && system === undefined) turns.push({ role: 'user', content: text.trim() })
  return system === undefined ? turns : [{ role: 'system', content: system }, ...turns]
}

function toTemplate(turns: Turn[], path: string): Omit<PromptTemplate, 'params'> {
  const systems = turns.filter((t) => t.role === 'system')
  if (systems.length > 1 || (systems.length === 1 && turns[0]?.role !== 'system'))
    throw new PromptfooConfigError(path, 'one system message, first, is supported')
  const messages = turns.flatMap((t) => (t.role === 'system' ? [] : [{ role: t.role, content: t.content }]))
  if (messages.length === 0) throw new PromptfooConfigError(path, 'the prompt has no user message')
  return systems[0] === undefined ? { messages } : { system: systems[0].content, messages }
}

/** The prompt as the given dialect's provider sends it, before variables are filled. */
export function promptForDialect(
  text: string,
  dialect: DialectId,
  path: string,
): Omit<PromptTemplate, 'params'> {
  checkPlainPlaceholders(text, path)
  const list = chatList(text, dialect, path)
  if (list !== undefined) return toTemplate(list, path)
  if (dialect === 'anthropic-messages') return toTemplate(anthropicLines(text), path)
  return { messages: [{ role: 'user', content: text }] }
}
