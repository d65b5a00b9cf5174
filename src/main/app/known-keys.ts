import { redactStrings } from '@shared/redaction/redact-strings'
import { createLogger, type Logger } from '../services/log/logger'
import { createRedactor } from '../services/log/redact'
import type { SecretStore } from '../services/secret-store'

export type KnownKeys = {
  /** Notes a key main has read (from the keychain, or one it generated); hands it back. */
  rememberKey(key: string | null): string | null
  /** The profile's key from the store, remembered. */
  readKey(profileId: string): Promise<string | null>
  /** main's log, every known key redacted at the sink. */
  logger: Logger
  /** Text with every known key (and credential-like token) replaced: errors bound for the renderer. */
  redactText(text: string): string
  /** Replaces every known key in the strings of a value (key-only: "Bearer" alone stays as written). */
  withoutKeys<T>(value: T): T
}

/**
 * Every key main has read, for as long as it runs, and what must recognise them: the log, and the
 * redactors of conversations and errors. Keys in conversations (a key pasted into a prompt): history
 * files and exports never hold one; key-only redaction, so a conversation that merely says "Bearer"
 * stays as written. The redactor keeps one matcher until the set of keys changes.
 */
export function createKnownKeys(options: {
  secrets: SecretStore
  writeLog: (line: string) => void
}): KnownKeys {
  const knownKeys = new Set<string>()
  const rememberKey = (key: string | null): string | null => {
    if (key) knownKeys.add(key)
    return key
  }
  const logger = createLogger({ write: options.writeLog, secrets: () => [...knownKeys] })
  const { redactText, redactKeys } = createRedactor(() => [...knownKeys])
  return {
    rememberKey,
    readKey: async (profileId) => rememberKey(await options.secrets.get(profileId)),
    logger,
    redactText,
    withoutKeys: <T>(value: T): T => (knownKeys.size === 0 ? value : redactStrings(value, redactKeys)),
  }
}
