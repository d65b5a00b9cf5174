import { z } from 'zod'

/** The folder a relative cassette folder lives under, inside the app's data folder (docs/cassettes.md). */
export const CASSETTE_FOLDER_ROOT = 'cassettes'

const MAX_FOLDER_CHARS = 1_000

/**
 * What is wrong with a cassette folder as the user typed it, or undefined when it is usable: an
 * absolute path (the user's explicit choice), or a name under the app's data folder's `cassettes/`.
 * A `..` segment is refused in either (security.md: no path that means something other than it
 * reads), and so are control characters.
 */
export function cassetteFolderProblem(folder: string): string | undefined {
  if (folder === '') return 'Give a folder.'
  if (folder.length > MAX_FOLDER_CHARS) return `A folder path is at most ${MAX_FOLDER_CHARS} characters.`
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(folder)) return 'A folder path cannot hold control characters.'
  if (folder.split(/[\\/]/).includes('..')) return 'A folder path cannot go up with "..".'
  return undefined
}

/** A cassette folder as stored in a profile: checked by `cassetteFolderProblem`, trimmed. */
export const cassetteFolderSchema = z
  .string()
  .trim()
  .superRefine((folder, context) => {
    const problem = cassetteFolderProblem(folder)
    if (problem !== undefined) context.addIssue({ code: 'custom', message: problem })
  })
