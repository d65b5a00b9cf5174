import type { HeaderReader } from '../dialect'

/** The key from `Authorization: Bearer <key>`; the scheme is case-insensitive (RFC 7235). */
export function readOpenaiApiKey(header: HeaderReader): string | undefined {
  const value = header('authorization')
  if (value === undefined) return undefined
  const match = /^\s*bearer\s+(\S.*?)\s*$/i.exec(value)
  return match?.[1]
}

/** Chat Completions requires no header besides auth (OpenAI-Organization/-Project are optional). */
export function checkOpenaiHeaders(_header: HeaderReader): void {}
