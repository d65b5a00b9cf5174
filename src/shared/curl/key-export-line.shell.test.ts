import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { keyExportLine } from './key-export-line'

const execFileAsync = promisify(execFile)

/** Runs each export line in `shell`, then prints the variable: the shell must see each key verbatim. */
async function exportedValues(shell: 'bash' | 'dash', keys: string[]): Promise<string[]> {
  const script = keys
    .map((key) => `${keyExportLine(key)}\nprintf '%s\\0' "$MODEL_GATEWAY_API_KEY"`)
    .join('\n')
  // bash -i style history expansion on (set -H): a `!` in a key must not be expanded.
  const prefix = shell === 'bash' ? 'set -H\n' : ''
  const { stdout } = await execFileAsync(shell, ['-c', prefix + script], { env: { PATH: process.env.PATH } })
  return stdout.split('\0').slice(0, -1)
}

describe('keyExportLine', () => {
  it('is the export line a user pastes', () => {
    expect(keyExportLine('sk-local-abc')).toBe("export MODEL_GATEWAY_API_KEY='sk-local-abc'")
  })

  for (const shell of ['bash', 'dash'] as const) {
    it(`sets the variable to exactly the key in ${shell}, whatever the key holds`, async () => {
      // No NUL (it cannot be in an argument); newlines, quotes, $, `, ! and \\ included.
      const keys = fc.sample(
        fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }).filter((key) => !key.includes('\0')),
        { numRuns: 200, seed: 7 },
      )
      keys.push(`it's $(touch pwned) \`id\` "x" !! \\`)
      expect(await exportedValues(shell, keys)).toEqual(keys)
    })
  }
})
