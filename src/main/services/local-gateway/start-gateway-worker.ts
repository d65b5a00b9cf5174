import { Worker } from 'node:worker_threads'
import type { ReadyConversation } from '@gateway'
import type { GatewayWorkerCommand, GatewayWorkerData, GatewayWorkerEvent } from './gateway-worker-messages'

/**
 * Starts the local gateway in a worker thread and waits until it listens.
 *
 * Why a thread of its own: a request that keeps the gateway busy (a huge schema to make an example
 * of, a runaway allocation) must not stall main, which answers the renderer's IPC and runs the other
 * chats; and a heap blow-up ends this thread (ERR_WORKER_OUT_OF_MEMORY) instead of the app. A worker
 * rather than a child process: it needs no Node binary next to Electron's, starts in a few tens of
 * milliseconds, and works the same in Electron main and in plain Node (browser mode).
 *
 * How the entry is found: the built app (electron-vite) bundles `gateway-worker.ts` as its own main
 * entry, `out/main/gateway-worker.js`, next to the `index.js` this module is bundled into. From
 * TypeScript source (browser mode runs `scripts/start.ts` with tsx; vitest runs the sources) there is
 * no .js file: the worker then starts with `gateway-worker-from-source.mjs`, which registers tsx's
 * loader in the new thread and imports the .ts entry. Why not `execArgv: ['--import', 'tsx']`: on Node 20 the worker resolves
 * its entry before that hook is active and fails with ERR_UNKNOWN_FILE_EXTENSION.
 */
export type GatewayWorker = {
  port: number
  /** `http://127.0.0.1:<port>/v1` */
  baseUrl: string
  /** Models this gateway proxies to an upstream; it simulates every other one. */
  proxiedModels: readonly string[]
  /** Settles once the thread has ended; `error` says why when it did not end on request. */
  exited: Promise<{ requested: boolean; code: number; error: Error | undefined }>
  /** Asks the gateway to close its server and connections; ends the thread if it does not comply. */
  close(): Promise<void>
  /** Ends the thread at once, unasked, as a crash would (tests of the restart). */
  kill(): Promise<void>
  /** Hands a conversation just opened to the gateway's `ready` (start-gateway.ts); fire and forget. */
  ready(conversation: ReadyConversation): void
}

/**
 * The worker's old-generation heap; past it the worker (only) dies with ERR_WORKER_OUT_OF_MEMORY.
 *
 * By default none is given, and V8 sizes the worker's heap for this machine as it sizes main's (about
 * a quarter of its memory, at most 4 GB): Node ends a worker that reaches its limit either way. A cap
 * below that default also makes V8 grow the heap by less between major GCs (×1.6 at the 1 GB cap this
 * had: Node 20's V8 allows ×4 only from 2 GB, newer ones only from the machine's default), and with
 * such a cap readying an opened 1M-token chat left the heap just short of the next GC, which the
 * first send then started, its marking competing with the send for the cores (performance.md S1).
 * The limit is best effort in Node: one huge allocation (a giant array or
 * JSON.parse result) can still abort the whole process (nodejs/node#47224); the body cap and the
 * bounded example generation keep a single request far from it.
 */
export type GatewayWorkerLimits = {
  maxOldGenerationSizeMb: number
}

const CLOSE_GRACE_MS = 3000

const runningFromSource = import.meta.url.endsWith('.ts')

function createWorker(data: GatewayWorkerData, limits: GatewayWorkerLimits | undefined): Worker {
  const options = { workerData: data, ...(limits === undefined ? {} : { resourceLimits: limits }) }
  if (!runningFromSource) return new Worker(new URL('./gateway-worker.js', import.meta.url), options)
  return new Worker(new URL('./gateway-worker-from-source.mjs', import.meta.url), options)
}

export function startGatewayWorker(
  data: GatewayWorkerData,
  limits?: GatewayWorkerLimits,
): Promise<GatewayWorker> {
  const worker = createWorker(data, limits)
  let requested = false
  let lastError: Error | undefined
  worker.on('error', (error) => (lastError = error))
  const exited = new Promise<{ requested: boolean; code: number; error: Error | undefined }>((resolve) =>
    worker.once('exit', (code) => resolve({ requested, code, error: lastError })),
  )

  const close = async (): Promise<void> => {
    requested = true
    worker.postMessage({ type: 'close' } satisfies GatewayWorkerCommand)
    const timer = setTimeout(() => void worker.terminate(), CLOSE_GRACE_MS)
    await exited
    clearTimeout(timer)
  }

  return new Promise((resolve, reject) => {
    const onMessage = (event: GatewayWorkerEvent): void => {
      worker.off('message', onMessage)
      if (event.type === 'listening') {
        resolve({
          port: event.port,
          baseUrl: event.baseUrl,
          proxiedModels: event.proxiedModels,
          exited,
          close,
          kill: async () => void (await worker.terminate()),
          ready: (conversation) =>
            // The bodies move to the worker's thread (transferred, not copied).
            worker.postMessage(
              { type: 'ready', conversation } satisfies GatewayWorkerCommand,
              conversation.bodies.map(({ body }) => body.buffer as ArrayBuffer),
            ),
        })
      } else {
        requested = true
        reject(new Error(`The local gateway did not start: ${event.message}`))
      }
    }
    worker.on('message', onMessage)
    void exited.then(({ code, error }) => {
      worker.off('message', onMessage)
      reject(new Error(`The local gateway did not start: ${error?.message ?? `its thread exited (${code})`}`))
    })
  })
}
