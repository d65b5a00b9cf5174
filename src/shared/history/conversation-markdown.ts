import type { Conversation, Pane, StoredMessage } from './conversation'

/**
 * A conversation as Markdown, for reading and pasting elsewhere (the app's own JSON export is the one
 * that imports back). The title, the system prompt, then each pane's turns under a heading per role;
 * images are named, not embedded; thinking is quoted; tool calls and results are fenced so their text
 * is kept verbatim.
 */
export function conversationToMarkdown(conversation: Conversation): string {
  const lines: string[] = [`# ${oneLine(conversation.title) || 'Untitled'}`, '']
  if (conversation.system.trim() !== '') lines.push('## System', '', conversation.system.trim(), '')
  const several = conversation.panes.length > 1
  conversation.panes.forEach((pane, index) => {
    if (several) lines.push(`## Pane ${index + 1}: ${pane.model} (${pane.dialect})`, '')
    lines.push(...paneMarkdown(pane, several ? '###' : '##'))
  })
  return `${lines.join('\n').trimEnd()}\n`
}

function paneMarkdown(pane: Pane, heading: string): string[] {
  // A blank line after each part: a quoted thought would otherwise run on into the text after it.
  return pane.messages.flatMap((message) => [
    `${heading} ${roleHeading(message)}`,
    '',
    ...body(message).flatMap((block) => [block, '']),
  ])
}

function roleHeading(message: StoredMessage): string {
  switch (message.role) {
    case 'user':
      return 'User'
    case 'assistant':
      return message.reply ? `Assistant (${message.reply.model})` : 'Assistant'
    case 'tool':
      return `Tool result (${message.toolCallId})${message.isError ? ', error' : ''}`
  }
}

function body(message: StoredMessage): string[] {
  if (message.role === 'tool') return [fence(message.content)]
  return message.content.map((part) => {
    switch (part.type) {
      case 'text':
        return part.text
      case 'image':
        return part.source.kind === 'url'
          ? `_[image: ${part.source.url}]_`
          : `_[image: ${part.source.mediaType}]_`
      case 'tool-call':
        return `Tool call \`${part.name}\` (${part.id}):\n\n${fence(part.arguments, 'json')}`
      case 'reasoning':
        return `> _Thinking:_\n>\n${quote(part.text)}`
      case 'redacted-reasoning':
        return '_[thinking redacted by the provider]_'
    }
  })
}

/** A fenced block whose fence is longer than any run of backticks inside (CommonMark's rule). */
function fence(text: string, info = ''): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((match) => match[0].length))
  const marks = '`'.repeat(longest + 1)
  return `${marks}${info}\n${text}\n${marks}`
}

/** Every line of the text as a blockquote line (an empty line stays inside the quote). */
function quote(text: string): string {
  return text
    .split('\n')
    .map((line) => (line === '' ? '>' : `> ${line}`))
    .join('\n')
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}
