/**
 * The peer gateway `bench:gateway` measures against: Portkey's open-source gateway, a Node/Hono build
 * from npm (`@portkey-ai/gateway`, a devDependency). It is started the way its README says
 * (`node build/start-server.js`), headless (no log console), with `--port=N`; it has no option for
 * its listening address, so a preload pins it to loopback (listen-on-loopback.mjs).
 *
 * Requests reach our mock upstream through Portkey's "custom host" headers: `x-portkey-provider`
 * (openai for Chat Completions, anthropic for Messages) and `x-portkey-custom-host`.
 *
 * The process is killed when the benchmark ends, however it ends: `stop()` in a `finally`, and a
 * synchronous SIGKILL on the benchmark's own exit (an uncaught error, Ctrl-C) as the last resort.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'

const START_SERVER = fileURLToPath(
  new URL('../../node_modules/@portkey-ai/gateway/build/start-server.js', import.meta.url),
)
const LOOPBACK_PRELOAD = fileURLToPath(new URL('./listen-on-loopback.mjs', import.meta.url))
const READY_TEXT = 'Ready for connections'
const START_TIMEOUT_MS = 20_000
const STOP_TIMEOUT_MS = 3_000

export type PeerGateway = {
  name: string
  version: string
  port: number
  pid: number
  /** Headers that route a request of the given dialect to the upstream at `upstreamBase`. */
  routeHeaders: (dialect: 'chat' | 'messages') => Record<string, string>
  stop: () => Promise<void>
}

/** A port the kernel says is free now (the peer takes its port as an argument, not 0). */
function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address !== null ? address.port : 0
      probe.close(() => resolve(port))
    })
  })
}

async function readVersion(): Promise<string> {
  const { readFile } = await import('node:fs/promises')
  const manifest = new URL('../../node_modules/@portkey-ai/gateway/package.json', import.meta.url)
  return (JSON.parse(await readFile(manifest, 'utf8')) as { version: string }).version
}

export async function startPortkey(upstreamPort: number, cpu: number | undefined): Promise<PeerGateway> {
  const port = await freeLoopbackPort()
  const node = [process.execPath, '--import', LOOPBACK_PRELOAD, START_SERVER, `--port=${port}`, '--headless']
  const command = cpu === undefined ? node : ['taskset', '-c', String(cpu), ...node]
  const child: ChildProcess = spawn(command[0] as string, command.slice(1), {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const killNow = (): void => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  }
  process.once('exit', killNow)

  let output = ''
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      killNow()
      reject(new Error(`Portkey did not start within ${START_TIMEOUT_MS} ms:\n${output.slice(-2000)}`))
    }, START_TIMEOUT_MS)
    const onData = (chunk: Buffer): void => {
      // Keep only a tail: the peer logs every failed request, and a long run must not grow this.
      output = (output + chunk.toString('utf8')).slice(-8_000)
      if (output.includes(READY_TEXT)) {
        clearTimeout(timer)
        resolve()
      }
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', onData)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`Portkey exited early (${code}):\n${output.slice(-2000)}`))
    })
  })

  const customHost = `http://127.0.0.1:${upstreamPort}/v1`
  return {
    name: 'Portkey gateway',
    version: await readVersion(),
    port,
    pid: child.pid as number,
    routeHeaders: (dialect) => ({
      'x-portkey-provider': dialect === 'chat' ? 'openai' : 'anthropic',
      'x-portkey-custom-host': customHost,
    }),
    stop: () =>
      new Promise<void>((resolve) => {
        process.off('exit', killNow)
        if (child.exitCode !== null || child.signalCode !== null) return resolve()
        const timer = setTimeout(() => {
          child.kill('SIGKILL')
          resolve()
        }, STOP_TIMEOUT_MS)
        child.once('exit', () => {
          clearTimeout(timer)
          resolve()
        })
        child.kill('SIGTERM')
      }),
  }
}
