import { createRedactor } from './redact'

export type Logger = {
  info(message: string, detail?: unknown): void
  warn(message: string, detail?: unknown): void
  error(message: string, detail?: unknown): void
}

/**
 * The one log sink of main. Everything passes the redactor here, at the sink, so no caller can
 * forget: the current keys, Bearer tokens and credential headers never reach a log line.
 */
export function createLogger(options: {
  write: (line: string) => void
  secrets: () => readonly string[]
}): Logger {
  const { redact, redactText } = createRedactor(options.secrets)
  const line = (level: string, message: string, detail: unknown): void => {
    let text = `${new Date().toISOString()} ${level} ${redactText(message)}`
    if (detail !== undefined) {
      try {
        text += ' ' + JSON.stringify(redact(detail))
      } catch {
        text += ' [unserializable detail]'
      }
    }
    options.write(text)
  }
  return {
    info: (message, detail) => line('info', message, detail),
    warn: (message, detail) => line('warn', message, detail),
    error: (message, detail) => line('error', message, detail),
  }
}
