import type { DialectId } from '@shared/chat/chat-request'

/** A target's id. Without the preset: compare matches cells by target id, so a changed temperature is the same column. */
export function targetId(profileId: string, dialect: DialectId, model: string): string {
  return `${profileId}/${dialect}:${model}`
}
