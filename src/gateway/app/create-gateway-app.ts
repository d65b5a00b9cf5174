import type { IncomingMessage, ServerResponse } from 'node:http'
import { getRequestListener, type HttpBindings } from '@hono/node-server'
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response'
import { Hono } from 'hono'
import type { Context } from 'hono'
import type { CatalogModel } from '../../shared/catalog'
import { findModel } from '../../shared/catalog/find-model'
import { GatewayError } from '../../shared/chat/errors'
import type { Dialect, ModelListEntry } from '../../shared/dialects/dialect'
import { dialectList, dialects } from '../../shared/dialects'
import type { Engine, ServedModel } from '../engines/engine'
import type { GatewayConfig } from '../gateway-config'
import { createKeyCheck } from './auth'
import { authenticationFailure, dialectOfCaller, headerReaderOf } from './caller'
import type { PromptTokenEstimator } from './check-request-fits-model'
import { errorReply } from './error-reply'
import { createChatHandler } from './handle-chat'
import { createCountTokensHandler } from './handle-count-tokens'
import { randomId } from './ids'
import { replyBeforeBody } from './reply-before-body'
import { modelNotFound, servedModelFromCatalog } from './served-models'

export type GatewayAppOptions = {
  apiKey: string
  config: GatewayConfig
  /** Catalog records as this gateway serves them (base URL = the gateway's own). */
  catalog: () => CatalogModel[]
  engineFor: (model: ServedModel) => Engine
  estimatePromptTokens: PromptTokenEstimator
  /** Streams in flight, shared with the server for the concurrency bound and for shutdown. */
  activeStreams: { count: number }
}

type Env = { Bindings: HttpBindings; Variables: { requestId: string } }

/** Both conventions of base URL land somewhere valid: with and without the `/v1` prefix. */
const PREFIXES = ['/v1', ''] as const

/** `POST <prefix><dialect path>` → the dialect, for every prefix and every dialect in the registry. */
const CHAT_ROUTES: ReadonlyMap<string, Dialect> = new Map(
  PREFIXES.flatMap((prefix) => dialectList.map((dialect) => [prefix + dialect.path, dialect] as const)),
)

/** The Messages API's token counter: a body like a chat request's, so it takes the same path. */
const COUNT_TOKENS_PATH = '/messages/count_tokens'
const COUNT_TOKENS_ROUTES: ReadonlySet<string> = new Set(PREFIXES.map((prefix) => prefix + COUNT_TOKENS_PATH))

/**
 * The gateway's HTTP request listener.
 *
 * Chat requests (`POST` to a dialect's path) take a fast path on Node's own request and response;
 * everything else — models, catalog, 404s, 405s — goes through a Hono app. Why two layers: the proxy
 * must add at most a few tenths of a millisecond (performance.md G1), and on that scale the web
 * Request/Response layer Hono runs on is measurable (building the web Request and its body stream
 * alone was ~7% of the CPU of a proxied request in profiles; scripts/bench-gateway.ts,
 * docs/gateway.md). Both layers share the same pieces for what every response needs: a fresh request
 * id under both dialects' header names, the key checked before anything else (even before whether a
 * route exists), errors in the caller's dialect.
 */
export function createGatewayListener(
  options: GatewayAppOptions,
): (req: IncomingMessage, res: ServerResponse) => void {
  const keyMatches = createKeyCheck(options.apiKey)

  // Built once per catalog (the catalog is set once the port is known), not once per request.
  let servedFor: CatalogModel[] | undefined
  let served = new Map<string, ServedModel>()
  const servedModel = (name: string): ServedModel | undefined => {
    const catalog = options.catalog()
    if (catalog !== servedFor) {
      servedFor = catalog
      served = new Map(catalog.map((record) => [record.model, servedModelFromCatalog(record)]))
    }
    return served.get(name)
  }

  const handleChat = createChatHandler({
    config: options.config,
    servedModel,
    engineFor: options.engineFor,
    estimatePromptTokens: options.estimatePromptTokens,
    activeStreams: options.activeStreams,
  })
  const handleCountTokens = createCountTokensHandler({
    maxBodyBytes: options.config.maxBodyBytes,
    servedModel,
    estimatePromptTokens: options.estimatePromptTokens,
  })
  const honoListener = getRequestListener(createRoutesApp(options, keyMatches, handleChat).fetch)

  return (req, res) => {
    const url = req.url ?? '/'
    const query = url.indexOf('?')
    const path = query === -1 ? url : url.slice(0, query)
    const chatDialect = req.method === 'POST' ? CHAT_ROUTES.get(path) : undefined
    const countsTokens = req.method === 'POST' && COUNT_TOKENS_ROUTES.has(path)
    if (chatDialect === undefined && !countsTokens) {
      void honoListener(req, res)
      return
    }
    const dialect = chatDialect ?? dialects['anthropic-messages']
    const requestId = randomId('req_')
    res.setHeader('x-request-id', requestId)
    res.setHeader('request-id', requestId)
    const failure = authenticationFailure(headerReaderOf(req), dialect, keyMatches)
    if (failure !== undefined) {
      replyBeforeBody(req, res, errorReply(dialect, failure, requestId))
      return
    }
    void (countsTokens ? handleCountTokens : handleChat)(req, res, dialect, requestId)
  }
}

/** Every route but the chat fast path: model list, catalog, and the 404/405 answers. */
function createRoutesApp(
  options: GatewayAppOptions,
  keyMatches: (presented: string | undefined) => boolean,
  handleChat: ReturnType<typeof createChatHandler>,
): Hono<Env> {
  const app = new Hono<Env>()
  // Dates are fixed, not `now`: clients cache model lists and compare them.
  const createdAt = new Date('2026-01-01T00:00:00Z')
  const modelEntries = (): ModelListEntry[] =>
    options.catalog().map((r) => ({ id: r.model, displayName: r.label, createdAt }))
  const header = (c: Context<Env>) => headerReaderOf(c.env.incoming)
  const callerDialect = (c: Context<Env>) => dialectOfCaller(c.req.path, header(c))

  const errorResponse = (
    c: Context<Env>,
    dialect: Dialect,
    error: unknown,
    extra: Record<string, string> = {},
  ) => {
    const reply = errorReply(dialect, error, c.get('requestId'), extra)
    for (const [name, value] of Object.entries(reply.headers)) c.header(name, value)
    return c.json(reply.body as object, reply.status as 400)
  }

  // Every response carries a request id under both dialects' header names.
  app.use('*', async (c, next) => {
    const requestId = randomId('req_')
    c.set('requestId', requestId)
    c.header('x-request-id', requestId)
    c.header('request-id', requestId)
    await next()
  })

  // Auth on every route, before anything else is revealed (even whether a route exists).
  app.use('*', async (c, next) => {
    const dialect = callerDialect(c)
    const failure = authenticationFailure(header(c), dialect, keyMatches)
    if (failure !== undefined) return errorResponse(c, dialect, failure)
    await next()
  })

  function methodNotAllowed(c: Context<Env>, dialect: Dialect, allowed: string) {
    return errorResponse(
      c,
      dialect,
      new GatewayError(
        'method_not_allowed',
        `Method ${c.req.method} is not allowed on ${c.req.path}; use ${allowed}.`,
      ),
      { allow: allowed },
    )
  }

  for (const prefix of PREFIXES) {
    for (const dialect of dialectList) {
      // The listener sends chat POSTs down the fast path; this route only answers if one slips by.
      app.post(prefix + dialect.path, async (c) => {
        const requestId = c.get('requestId')
        c.env.outgoing.setHeader('x-request-id', requestId)
        c.env.outgoing.setHeader('request-id', requestId)
        await handleChat(c.env.incoming, c.env.outgoing, dialect, requestId)
        return RESPONSE_ALREADY_SENT
      })
      app.all(prefix + dialect.path, (c) => methodNotAllowed(c, dialect, 'POST'))
    }

    app.get(prefix + '/models', (c) => c.json(callerDialect(c).encodeModelList(modelEntries()) as object))
    app.all(prefix + '/models', (c) => methodNotAllowed(c, callerDialect(c), 'GET'))
    app.get(prefix + '/models/:id', (c) => {
      // Hono decodes the parameter: `vendorb3.8%2DFlash` and `vendorb3.8-Flash` are the same id.
      const id = c.req.param('id') ?? ''
      const dialect = callerDialect(c)
      const entry = modelEntries().find((model) => model.id === id)
      if (!entry) return errorResponse(c, dialect, modelNotFound(dialect, id))
      return c.json(dialect.encodeModel(entry) as object)
    })
    app.all(prefix + '/models/:id', (c) => methodNotAllowed(c, callerDialect(c), 'GET'))
    app.all(prefix + COUNT_TOKENS_PATH, (c) => methodNotAllowed(c, dialects['anthropic-messages'], 'POST'))

    app.get(prefix + '/catalog', (c) => c.json({ models: options.catalog() }))
    app.get(prefix + '/catalog/:id', (c) => {
      // Hono decodes the parameter, so `model_gateway%3Aname` and `model_gateway:name` both arrive decoded.
      const id = c.req.param('id') ?? ''
      const record = findModel(options.catalog(), id)
      if (!record) {
        return errorResponse(
          c,
          callerDialect(c),
          new GatewayError('not_found', `No catalog entry ${JSON.stringify(id)}.`),
        )
      }
      return c.json({ model: record })
    })
    app.all(prefix + '/catalog', (c) => methodNotAllowed(c, callerDialect(c), 'GET'))
    app.all(prefix + '/catalog/:id', (c) => methodNotAllowed(c, callerDialect(c), 'GET'))
  }

  app.notFound((c) => {
    let message = `No route ${c.req.method} ${c.req.path}.`
    if (c.req.path.startsWith('/v1/v1/')) {
      // The Anthropic SDK appends /v1 itself; a base URL that already ends in /v1 doubles it.
      message += ` The base URL already includes /v1: for the Anthropic SDK set baseURL to the address without /v1.`
    }
    return errorResponse(c, callerDialect(c), new GatewayError('not_found', message))
  })

  app.onError((error, c) => errorResponse(c, callerDialect(c), error))

  return app
}
