import { randomBytes } from 'node:crypto'

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** A random id in the style the dialects use (`req_011C…`, `chatcmpl-…`, `msg_…`). */
export function randomId(prefix: string, length = 24): string {
  const bytes = randomBytes(length)
  let out = prefix
  for (const byte of bytes) out += ALPHABET[byte % ALPHABET.length]
  return out
}
