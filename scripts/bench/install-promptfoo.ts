import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** The promptfoo release the bench and the suite-parity test run beside us. */
export const PROMPTFOO_VERSION = '0.121.20'

/**
 * promptfoo installed into a folder of the temporary directory (never a dependency of ours), once:
 * a later call finds it there. Returns the path of its CLI script.
 */
export async function installPromptfoo(
  version: string = PROMPTFOO_VERSION,
  dir: string = join(tmpdir(), `bench-eval-promptfoo-${version}`),
): Promise<string> {
  const bin = join(dir, 'node_modules', '.bin', 'promptfoo')
  if (existsSync(bin)) return bin
  await mkdir(dir, { recursive: true })
  console.log(`installing promptfoo@${version} into ${dir} (once)…`)
  await new Promise<void>((resolve, reject) => {
    const npm = spawn(
      'npm',
      ['install', '--no-save', '--no-audit', '--no-fund', `promptfoo@${version}`, '--prefix', dir],
      { stdio: 'inherit' },
    )
    npm.once('error', reject)
    npm.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`npm install exited ${code}`))))
  })
  return bin
}
