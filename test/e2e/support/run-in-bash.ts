import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/**
 * Runs a pasted script with bash, as a user would in a terminal (saved to a file, since a long one
 * would not fit in one `bash -c` argument), with only PATH (and `env`) in the environment, and reports
 * curl's HTTP status: a `curl` function adds `-sS -w '\n%{http_code}'` to every curl of the script,
 * which works whatever follows the options (a here-document's body, say). Async: the gateway
 * answering may live in this very process, so a synchronous spawn would wait on itself.
 */
export async function runCurlInBash(
  script: string,
  env: Record<string, string> = {},
): Promise<{ exitCode: number | null; httpStatus: string | undefined; body: string; stderr: string }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'e2e-bash-'))
  const file = path.join(dir, 'pasted.sh')
  writeFileSync(file, `curl() { command curl "$@" -sS -w '\\n%{http_code}'; }\n${script}\n`)
  try {
    const child = spawn('bash', [file], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env },
      // stdin from /dev/null: with a socket as stdin bash sources ~/.bashrc (its "started by sshd" guess).
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 30_000,
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
    const exitCode = await new Promise<number | null>((resolve, reject) => {
      child.on('error', reject)
      child.on('close', resolve)
    })
    const lines = stdout.split('\n')
    const httpStatus = lines.pop()
    return { exitCode, httpStatus, body: lines.join('\n'), stderr }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
