import { spawn } from 'node:child_process'

/**
 * Runs a pasted script with bash, as a user would in a terminal, with only PATH (and `env`) in the
 * environment, and reports curl's HTTP status: the script's last command must be a curl, to which
 * `-sS -w '\n%{http_code}'` is appended (options may follow the body). Async: the gateway answering
 * may live in this very process, so a synchronous spawn would wait on itself.
 */
export function runCurlInBash(
  script: string,
  env: Record<string, string> = {},
): Promise<{ exitCode: number | null; httpStatus: string | undefined; body: string; stderr: string }> {
  const child = spawn('bash', ['-c', `${script} -sS -w '\\n%{http_code}'`], {
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env },
    // stdin from /dev/null: with a socket as stdin bash sources ~/.bashrc (its "started by sshd" guess).
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 20_000,
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
  return new Promise((resolve, reject) => {
    child.on('error', reject)
    child.on('close', (exitCode) => {
      const lines = stdout.split('\n')
      const httpStatus = lines.pop()
      resolve({ exitCode, httpStatus, body: lines.join('\n'), stderr })
    })
  })
}
