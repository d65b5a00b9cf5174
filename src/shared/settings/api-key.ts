import { z } from 'zod'

const API_KEY_MAX_LENGTH = 4096

/** What a character is, in words, for a message that must not quote the key itself. */
function describeCharacter(char: string): string {
  const code = char.codePointAt(0) ?? 0
  if (char === '\r' || char === '\n') return 'a line break'
  if (char === '\t') return 'a tab'
  if (/\s/.test(char)) return 'a space'
  if (code < 0x20 || code === 0x7f) return 'a control character'
  return 'a character outside printable ASCII'
}

/**
 * Why a key cannot be used, or `undefined` when it can. Keys go into HTTP headers: only printable
 * ASCII without whitespace is safe there (CR/LF would inject headers, and undici rejects other
 * bytes anyway, with an error that would quote the header). The message names the problem and its
 * position, never the key.
 */
export function apiKeyProblem(key: string): string | undefined {
  if (key.length === 0) return 'Paste or type the key first.'
  if (key.length > API_KEY_MAX_LENGTH) return `The key is longer than ${API_KEY_MAX_LENGTH} characters.`
  const bad = /[^\x21-\x7e]/.exec(key)
  if (bad === null) return undefined
  return `The key contains ${describeCharacter(bad[0])} (character ${bad.index + 1}): API keys are printable ASCII without spaces. Copy it again from where it was issued.`
}

/**
 * The key as the secrets channel accepts it: exactly as sent, never trimmed here. The form trims what
 * a paste adds around a key before it calls the channel; at the boundary a CR/LF is refused, not
 * silently dropped, so nothing that reaches main can carry one into a header.
 */
export const apiKeySchema = z.string().superRefine((key, context) => {
  const problem = apiKeyProblem(key)
  if (problem !== undefined) context.addIssue({ code: 'custom', message: problem })
})
