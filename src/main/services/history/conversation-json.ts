import { createHash } from 'node:crypto'
import { conversationSchema, type Conversation } from '@shared/history/conversation'
import { UserFacingError } from '../user-facing-error'

/** A conversation as a file to hand out: pretty JSON, named after its title. */
export function conversationExport(conversation: Conversation): { fileName: string; json: string } {
  const slug = conversation.title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
  return {
    fileName: `${slug || 'conversation'}.json`,
    json: JSON.stringify(conversation, null, 2) + '\n',
  }
}

/**
 * A conversation file exported here or elsewhere. It is validated like a stored one; its id is new and
 * drawn from its content (`imported-<sha-256>`), so importing an export of a conversation still here
 * never overwrites it, and importing the same file twice names the same conversation (the history
 * then opens the one it has instead of listing two identical entries).
 */
export function conversationFromImport(json: string): Conversation {
  let data: unknown
  try {
    data = JSON.parse(json)
  } catch (error) {
    throw new UserFacingError('invalid_import', `The file is not JSON: ${(error as Error).message}`)
  }
  const parsed = conversationSchema.safeParse(data)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''
    throw new UserFacingError(
      'invalid_import',
      `The file is not a conversation exported by this app (${where}${issue?.message ?? 'invalid'}).`,
    )
  }
  const { id: _id, updatedAt: _updatedAt, ...content } = parsed.data
  const digest = createHash('sha256').update(JSON.stringify(content)).digest('hex').slice(0, 40)
  return { ...parsed.data, id: `imported-${digest}`, updatedAt: Date.now() }
}
