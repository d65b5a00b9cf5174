import { MAX_TEXT_FILE_BYTES } from '../json-store'

/** Environment variable that raises (or lowers) the size above which a conversation file is set aside. */
export const MAX_CONVERSATION_MB_ENV = 'PLAYGROUND_MAX_CONVERSATION_MB'

/**
 * The cap from `PLAYGROUND_MAX_CONVERSATION_MB` in bytes: undefined when unset (the store's default
 * applies), an error message when it is not a positive number. Capped at what a JavaScript string can
 * hold, since a larger file could not be loaded anyway.
 */
export function maxConversationBytesFromEnv(env: Record<string, string | undefined>): {
  bytes?: number
  problem?: string
} {
  const raw = env[MAX_CONVERSATION_MB_ENV]?.trim()
  if (raw === undefined || raw === '') return {}
  const mb = Number(raw)
  if (!Number.isFinite(mb) || mb <= 0) {
    return {
      problem: `${MAX_CONVERSATION_MB_ENV} must be a positive number of megabytes (got ${JSON.stringify(raw)}).`,
    }
  }
  return { bytes: Math.min(Math.floor(mb * 1024 * 1024), MAX_TEXT_FILE_BYTES) }
}
