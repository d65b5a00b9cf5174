import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { GATEWAY_CLI_OPTIONS } from '@gateway/cli-args'
import { SIMULATE_HEADER_HELP } from '@gateway/engines/simulator'
import { reachesGateway } from './support/raw-http'

/**
 * `npm run gateway` as a user runs it: a child process, its output, its port, its signals.
 *
 * `npx tsx src/gateway/cli.ts` is used where only the output matters. Where the exit status matters
 * (SIGTERM), the tsx binary that npx would run is spawned directly: `npm exec` does not pass SIGTERM on
 * to its script (it dies and orphans it), so its own status says nothing about the gateway's.
 */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx')
const CLI = 'src/gateway/cli.ts'

type Cli = {
  child: ChildProcess
  stdout: () => string
  stderr: () => string
  /** Resolves with the exit code (or the signal name) when the process ends. */
  exited: Promise<number | string>
}

const running = new Set<ChildProcess>()

function spawnCli(args: string[], options: { env?: Record<string, string>; viaNpx?: boolean } = {}): Cli {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? ROOT }
  // Its own process group, so cleanup can reach npx's grandchildren too.
  const spawnOptions = { cwd: ROOT, env: { ...env, ...options.env }, detached: true }
  const child = options.viaNpx
    ? spawn('npx', ['tsx', CLI, ...args], spawnOptions)
    : spawn(TSX, [CLI, ...args], spawnOptions)
  running.add(child)
  let stdout = ''
  let stderr = ''
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => {
      running.delete(child)
      resolve(code ?? signal ?? 'unknown')
    }),
  )
  return { child, stdout: () => stdout, stderr: () => stderr, exited }
}

/** Waits (on output events, not on a clock) until the banner is complete; fails if the process ends. */
function banner(cli: Cli): Promise<{ baseUrl: string; port: number; keyLine: string }> {
  return new Promise((resolve, reject) => {
    const check = (): void => {
      const text = cli.stdout()
      if (!text.includes('Stop with Ctrl+C.')) return
      cli.child.stdout?.off('data', check)
      resolve({
        baseUrl: /Base URL: (\S+)/.exec(text)?.[1] ?? '',
        port: Number(/Port: +(\d+)/.exec(text)?.[1]),
        keyLine: /API key: +(.*)/.exec(text)?.[1] ?? '',
      })
    }
    cli.child.stdout?.on('data', check)
    void cli.exited.then((code) =>
      reject(new Error(`CLI exited (${code}) before listening: ${cli.stderr()}`)),
    )
  })
}

const models = (baseUrl: string, key: string) =>
  fetch(`${baseUrl}/models`, { headers: { authorization: `Bearer ${key}` } })

let scratch: string
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'gateway-cli-'))
})
afterEach(() => {
  // A test that failed half-way must not leave a gateway behind (the whole group: npx → sh → tsx → node).
  for (const child of running) {
    if (child.pid !== undefined) {
      try {
        process.kill(-child.pid, 'SIGKILL')
      } catch {
        // Already gone.
      }
    }
  }
})
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true })
})

describe('npm run gateway', () => {
  it('--help lists every flag and the x-simulate help, and exits 0', async () => {
    const cli = spawnCli(['--help'], { viaNpx: true })
    expect(await cli.exited).toBe(0)
    for (const name of Object.keys(GATEWAY_CLI_OPTIONS)) expect(cli.stdout()).toContain(`--${name}`)
    expect(cli.stdout()).toContain(SIMULATE_HEADER_HELP)
  })

  it('an unknown flag → exit 2 with the usage on stderr', async () => {
    const cli = spawnCli(['--prot', '0'], { viaNpx: true })
    expect(await cli.exited).toBe(2)
    expect(cli.stderr()).toContain("Unknown option '--prot'")
    expect(cli.stderr()).toContain('Usage: npm run gateway')
  })

  it('--port 0 --key: prints the free port it got and the key, serves it; SIGTERM stops it with exit 0', async () => {
    const cli = spawnCli(['--port', '0', '--key', 'sk-cli-flag-key-5678', '--ttft-ms', '0'])
    const { baseUrl, port, keyLine } = await banner(cli)
    expect(port).toBeGreaterThan(0)
    expect(baseUrl).toBe(`http://127.0.0.1:${port}/v1`)
    expect(keyLine).toBe('sk-cli-flag-key-5678  (from --key)')
    expect(cli.stderr()).not.toContain('WARNING')
    expect((await models(baseUrl, 'sk-cli-flag-key-5678')).status).toBe(200)
    expect((await models(baseUrl, 'sk-other')).status).toBe(401)

    cli.child.kill('SIGTERM')
    expect(await cli.exited).toBe(0)
    expect(cli.stdout()).toContain('SIGTERM received, stopping the gateway.')
    expect(await reachesGateway(`http://127.0.0.1:${port}`, 'sk-cli-flag-key-5678', baseUrl)).toBe(false)
  })

  it('takes the key from $MODEL_GATEWAY_API_KEY when --key is absent', async () => {
    const cli = spawnCli(['--port', '0'], { env: { MODEL_GATEWAY_API_KEY: 'sk-cli-env-key-abcd' } })
    const { baseUrl, keyLine } = await banner(cli)
    expect(keyLine).toBe('sk-cli-env-key-abcd  (from $MODEL_GATEWAY_API_KEY)')
    expect((await models(baseUrl, 'sk-cli-env-key-abcd')).status).toBe(200)
    cli.child.kill('SIGINT')
    expect(await cli.exited).toBe(0)
  })

  it('generates a key when none is given, prints it whole, and it works', async () => {
    const cli = spawnCli(['--port', '0'])
    const { baseUrl, keyLine } = await banner(cli)
    const key = /^(sk-local-[A-Za-z0-9_-]{20,})\s/.exec(keyLine)?.[1]
    expect(key).toBeDefined()
    expect(keyLine).toContain('generated for this run')
    expect((await models(baseUrl, key as string)).status).toBe(200)
    cli.child.kill('SIGTERM')
    expect(await cli.exited).toBe(0)
  })

  it('--host with another loopback address binds it without a warning', async () => {
    const cli = spawnCli(['--port', '0', '--host', '127.0.0.2', '--key', 'sk-k'])
    const { baseUrl, port } = await banner(cli)
    expect(baseUrl).toBe(`http://127.0.0.2:${port}/v1`)
    expect(cli.stderr()).not.toContain('WARNING')
    expect(await reachesGateway(`http://127.0.0.2:${port}`, 'sk-k', baseUrl)).toBe(true)
    // Bound to that address only: 127.0.0.1 is a different address.
    expect(await reachesGateway(`http://127.0.0.1:${port}`, 'sk-k', baseUrl)).toBe(false)
    cli.child.kill('SIGTERM')
    expect(await cli.exited).toBe(0)
  })

  it('--config loads a JSON file; a broken one stops the start with a message naming the file', async () => {
    const good = join(scratch, 'gateway.json')
    await writeFile(good, JSON.stringify({ faultInjection: false, simulator: { ttftMs: 0 } }))
    const cli = spawnCli(['--port', '0', '--key', 'sk-k', '--config', good])
    const { baseUrl } = await banner(cli)
    expect(cli.stdout()).toContain(`Config:   ${good}`)
    expect(cli.stdout()).toContain('Fault injection (x-simulate): off')
    const reply = await fetch(`${baseUrl}/chat/completions`, {
      method: 'POST',
      headers: {
        authorization: 'Bearer sk-k',
        'content-type': 'application/json',
        'x-simulate': 'status=500',
      },
      body: JSON.stringify({ model: 'vendorb3.8-Flash-Next', messages: [{ role: 'user', content: 'hi' }] }),
    })
    expect(reply.status).toBe(200)
    cli.child.kill('SIGTERM')
    expect(await cli.exited).toBe(0)

    const bad = join(scratch, 'bad.json')
    await writeFile(bad, JSON.stringify({ simulator: { tokensPerSecond: -5 } }))
    const broken = spawnCli(['--port', '0', '--config', bad])
    expect(await broken.exited).toBe(1)
    expect(broken.stderr()).toContain(`Gateway config ${bad}: simulator.tokensPerSecond`)
  })
})
