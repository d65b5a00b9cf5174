import type { HttpBindings } from '@hono/node-server'
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response'
import { Hono, type Context } from 'hono'
import { dispatchInvoke, isInvokeChannel, type InvokeHandlers } from '../ipc/dispatch'
import { EVENTS_PATH, INVOKE_PATH_PREFIX } from '@shared/ipc/browser-transport'
import type { EventHub } from './event-hub'
import { readInvokeBody } from './read-invoke-body'
import { refusalBody, type Refusal } from './refusal'
import type { RequestGuard } from './request-guard'
import { API_HEADERS, COMMON_HEADERS } from './security-headers'
import type { StaticFiles } from './static-files'

type Env = { Bindings: HttpBindings }

export type BrowserHostAppOptions = {
  handlers: InvokeHandlers
  guard: RequestGuard
  staticFiles: StaticFiles
  events: EventHub
  maxBodyBytes: number
  log: (line: string) => void
}

type Refuse = (c: Context<Env>, refusal: Refusal) => Response

/**
 * The HTTP face of the IPC contract: `POST /api/invoke/:channel` is `ipcRenderer.invoke`, `GET
 * /api/events` is every `webContents.send`, and everything else is the built renderer. Each route
 * runs its checks first; a refused request reads no body and calls no handler.
 */
export function createBrowserHostApp(options: BrowserHostAppOptions): Hono<Env> {
  const { guard, log } = options
  const app = new Hono<Env>()

  const refuse: Refuse = (c, refusal) => {
    log(`browser host refused ${c.req.method} ${c.req.path}: ${refusal.code} (${refusal.status})`)
    return c.json(refusalBody(refusal), refusal.status, API_HEADERS)
  }

  // DNS rebinding: a page of evil.example whose name now resolves to 127.0.0.1 is same-origin with
  // itself, so only the Host header tells. Static files hold no data, but refuse them too: the
  // attacker's page must not even load ours.
  app.use('*', async (c, next) => {
    const refusal = guard.checkHost(c.req.raw.headers, c.req.url)
    if (refusal) return refuse(c, refusal)
    await next()
  })

  routeApi(app, options, refuse)

  app.on(['GET', 'HEAD'], '*', async (c) => {
    // The path as received (still percent-encoded): decoding is the static lookup's job, once.
    const file = await options.staticFiles.lookup(new URL(c.req.url).pathname)
    if (!file) return c.text('Not found', 404, COMMON_HEADERS)
    return c.body(file.body, 200, file.headers)
  })

  app.all('*', (c) => c.text('Method not allowed', 405, COMMON_HEADERS))

  app.onError((error, c) => {
    log(`browser host: ${c.req.method} ${c.req.path} failed: ${error.stack ?? error.message}`)
    return c.json(
      { ok: false, error: { code: 'internal', message: 'The playground host failed; see its log.' } },
      500,
      API_HEADERS,
    )
  })

  return app
}

/** The /api routes: invoke, events, and a refusal for anything else under /api. */
function routeApi(app: Hono<Env>, options: BrowserHostAppOptions, refuse: Refuse): void {
  /** Runs first in every /api route, whatever the method or path. */
  const apiCaller = (c: Context<Env>): Refusal | undefined => options.guard.checkApiCaller(c.req.raw.headers)

  app.post(`${INVOKE_PATH_PREFIX}:channel`, async (c) => {
    const refusal = apiCaller(c)
    if (refusal) return refuse(c, refusal)
    const channel = c.req.param('channel')
    // Before the body: an unknown channel is answered without reading (or buffering) anything.
    if (!isInvokeChannel(channel)) {
      return refuse(c, {
        status: 404,
        code: 'unknown_channel',
        message: `Unknown channel ${JSON.stringify(channel)}.`,
      })
    }
    // From the Node request itself, like the gateway: no web stream built for it.
    const body = await readInvokeBody(c.env.incoming, options.maxBodyBytes)
    if (!body.ok) return refuse(c, body.refusal)
    const result = await dispatchInvoke(options.handlers, channel, body.input, options.log)
    // Failures of the handler are data (200 with ok: false); input the contract rejects is a 400,
    // still with the envelope so the bridge shows the message.
    const status = !result.ok && result.error.code === 'invalid_input' ? 400 : 200
    return c.json(result, status, API_HEADERS)
  })

  app.get(EVENTS_PATH, (c) => {
    const refusal = apiCaller(c)
    if (refusal) return refuse(c, refusal)
    // Hono answers HEAD with the GET route; a HEAD must not register a stream.
    if (c.req.method !== 'GET') return refuse(c, methodNotAllowed())
    if (!options.events.attach(c.env.outgoing)) {
      return refuse(c, {
        status: 429,
        code: 'too_many_streams',
        message: 'Too many pages are connected to this playground; close some tabs.',
      })
    }
    return RESPONSE_ALREADY_SENT
  })

  app.all('/api/*', (c) => {
    const refusal = apiCaller(c)
    if (refusal) return refuse(c, refusal)
    const known = c.req.path === EVENTS_PATH || c.req.path.startsWith(INVOKE_PATH_PREFIX)
    return refuse(c, known ? methodNotAllowed() : { status: 404, code: 'not_found', message: 'No such API.' })
  })
}

function methodNotAllowed(): Refusal {
  return { status: 405, code: 'method_not_allowed', message: 'Method not allowed.' }
}
