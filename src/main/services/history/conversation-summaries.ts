import type { Conversation, ConversationSummary } from '@shared/history/conversation'
import type { JsonDirectoryStore } from '../json-store'
import type { LiveConversations } from './live-conversations'

/**
 * What `history:list` shows, newest first. The json-store keeps each document's summary per file
 * version, so unchanged files are not re-read. A journaled conversation's file lags behind: its
 * summary comes from memory (kept after its state left memory), and its file is not read for it. The list is asked for after every
 * append (a send), so a large file whose summary was not cached yet would otherwise be read and
 * parsed on main's thread in the middle of the send (performance.md S1).
 */
export async function listConversationSummaries(
  documents: JsonDirectoryStore<Conversation, ConversationSummary>,
  live: LiveConversations,
): Promise<ConversationSummary[]> {
  const all = await documents.summaries((id) => live.journaledSummary(id))
  return all.map(({ summary }) => summary).sort((a, b) => b.updatedAt - a.updatedAt)
}
