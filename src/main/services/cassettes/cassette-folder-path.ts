import path from 'node:path'
import { CASSETTE_FOLDER_ROOT, cassetteFolderProblem } from '@shared/settings/cassette-folder'
import { UserFacingError } from '../user-facing-error'

/**
 * The absolute folder a profile's cassette folder means (docs/cassettes.md "In the app"): an absolute
 * path as the user gave it (their explicit choice), or a name under `<data folder>/cassettes/`. The
 * profile schema already refused `..` and control characters; a relative name that would still land
 * outside that root, or a path absolute only on another system (`C:\…` here), is refused too.
 */
export function cassetteFolderPath(userDataDir: string, folder: string): string {
  const problem = cassetteFolderProblem(folder)
  if (problem !== undefined) throw new UserFacingError('invalid_folder', problem)
  if (path.isAbsolute(folder)) return path.resolve(folder)
  const root = path.join(userDataDir, CASSETTE_FOLDER_ROOT)
  const resolved = path.resolve(root, folder)
  if (/^[A-Za-z]:|^[\\/]/.test(folder) || !resolved.startsWith(root + path.sep)) {
    throw new UserFacingError(
      'invalid_folder',
      `The cassette folder ${JSON.stringify(folder)} is neither a full path on this system nor a folder name under the app's cassettes folder.`,
    )
  }
  return resolved
}
