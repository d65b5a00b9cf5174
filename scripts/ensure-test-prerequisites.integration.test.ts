import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const SCRIPT = path.join(import.meta.dirname, 'ensure-test-prerequisites.sh')

// The preflight of `npm test`, run for real with bash. Only the "report, don't install" path is driven
// here (PLAYGROUND_NO_AUTO_INSTALL=1): installing packages is what CI's fresh machine exercises.
function preflight(env: Record<string, string>): { status: number | null; stderr: string } {
  const run = spawnSync('bash', [SCRIPT], {
    env: { ...process.env, PLAYGROUND_NO_AUTO_INSTALL: '1', ...env },
    encoding: 'utf8',
    timeout: 30_000,
  })
  return { status: run.status, stderr: run.stderr }
}

describe('npm test preflight', () => {
  it('passes silently when everything the tests drive is installed', () => {
    expect(preflight({})).toEqual({ status: 0, stderr: '' })
  })

  it('stops at once with the exact install command when a program is missing', () => {
    const { status, stderr } = preflight({ PLAYWRIGHT_CHROMIUM: '/nonexistent/chromium' })
    expect(status).toBe(1)
    expect(stderr).toContain('Test prerequisites missing: chromium')
    expect(stderr).toContain(
      'sudo apt-get update && sudo apt-get install -y --no-install-recommends chromium',
    )
  })
})
