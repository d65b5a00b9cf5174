// docs/architecture.md is the newcomer's map ("to change X, open Y"): a path in it that no longer
// exists sends the reader nowhere. Every repo path the page names in backticks must be in the tree.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '..')
const page = readFileSync(path.join(root, 'docs/architecture.md'), 'utf8')

/** Backticked spans that name a file or folder of the repo (a top-level folder or a root config file). */
function namedPaths(markdown: string): string[] {
  const spans = [...markdown.matchAll(/`([^`\s]+)`/g)].map((match) => match[1] ?? '')
  return spans
    .filter(
      (span) =>
        /^(src|scripts|test|docs|resources)\//.test(span) || /^[\w.-]+\.(config\.ts|json)$/.test(span),
    )
    .map((span) => span.replace(/\/$/, ''))
}

describe('docs/architecture.md', () => {
  const paths = namedPaths(page)

  it('names the places to open (at least one per row of its table)', () => {
    const rows = page
      .split('\n')
      .filter((line) => line.startsWith('| ') && !line.startsWith('| To change') && !line.startsWith('| ---'))
    expect(rows.length).toBeGreaterThan(10)
    for (const row of rows) expect(namedPaths(row), row).not.toHaveLength(0)
  })

  it('names only paths that exist in the tree', () => {
    const missing = paths.filter((relative) => !existsSync(path.join(root, relative)))
    expect(missing).toEqual([])
  })
})
