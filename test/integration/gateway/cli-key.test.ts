import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

/** `npm run gateway` refuses a key clients could never send, without printing the key. */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx')

function runCli(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(TSX, ['src/gateway/cli.ts', '--port', '0', ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? ROOT, ...env },
    timeout: 20_000,
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })))
}

describe('the gateway CLI and unusable keys', () => {
  it.each([
    [
      '--key with a line break',
      ['--key', 'sk-CANARY-cli\r\nX-Injected: 1'],
      {},
      /The --key value .*line break/,
    ],
    [
      '$MODEL_GATEWAY_API_KEY with a space',
      [],
      { MODEL_GATEWAY_API_KEY: 'sk-CANARY-cli with space' },
      /\$MODEL_GATEWAY_API_KEY .*a space/,
    ],
  ] as const)('%s: exits 2 with a message that does not quote the key', async (_name, args, env, message) => {
    const { code, output } = await runCli([...args], { ...env })
    expect(code).toBe(2)
    expect(output).toMatch(message)
    expect(output).not.toContain('CANARY')
  })
})
