/** A name as a piece of a file name: letters, digits, `_` and `-` only, at most 60 characters. */
export function fileSafe(name: string): string {
  return name.replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, 60) || 'run'
}
