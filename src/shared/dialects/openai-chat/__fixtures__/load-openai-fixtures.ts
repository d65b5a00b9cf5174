/// <reference types="vite/client" />

/**
 * The hand-written fixtures of this folder as text, for tests. Vite's glob import reads them at build
 * time, so the tests need no file-system access (src/shared stays free of node:*). Dropping a new
 * recorded `.sse` file here adds it to the re-chunking and truncation properties automatically.
 */
function byName(files: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [path, text] of Object.entries(files)) out[path.replace(/^\.\//, '')] = text
  return out
}

export const openaiStreamFixtures = byName(
  import.meta.glob<string>('./*.sse', { query: '?raw', import: 'default', eager: true }),
)

const openaiBodyFixtures = byName(
  import.meta.glob<string>(['./*.json', './*.html', './*.txt'], {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
)

export function streamFixture(name: string): string {
  const text = openaiStreamFixtures[name]
  if (text === undefined) throw new Error(`no stream fixture ${name}`)
  return text
}

export function bodyFixture(name: string): string {
  const text = openaiBodyFixtures[name]
  if (text === undefined) throw new Error(`no body fixture ${name}`)
  return text
}
