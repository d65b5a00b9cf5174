import type { IncomingMessage, ServerResponse } from 'node:http'
import { getRequestListener } from '@hono/node-server'
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response'
import { Hono } from 'hono'
import type { Context } from 'hono'
import type { CatalogModel } from '@shared/catalog'
import { findModel } from '@shared/catalog/find-model'
import { GatewayError } from '@shared/chat/errors'
import type { Dialect, ModelListEntry } from '@shared/dialects/dialect'
import { dialects } from '@shared/dialects'
import type { Engine, ServedModel } from '../engines/engine'
import type { GatewayConfig } from '../gateway-config'
import { createKeyCheck } from './auth'
import { authenticationFailure, dialectOfCaller, headerReaderOf } from './caller'
import type { PromptTokenEstimator } from './check-request-fits-model'
import { errorReply } from './error-reply'
import { createChatHandler } from './handle-chat'
import { createCountTokensHandler } from './handle-count-tokens'
import {
  gatewayRoutes,
  type GatewayEnv,
  type GatewayRoute,
  type NodeHandler,
  type RouteHandlers,
} from './gateway-routes'
import type { ChatBodyMemo } from './chat-body-memo'
import { replyBeforeBody } from './reply-before-body'
import { requestIdOf, stampRequestId } from './request-id'
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
  /** Recent chat request bodies (chat-body-memo.ts), also readied from outside (startGateway). */
  chatBodies: ChatBodyMemo
}

/**
 * The gateway's HTTP request listener, on one routing table (gatewayRoutes).
 *
 * Routes with a Node handler (chat and token counting: `POST` to a dialect's path) are matched first
 * by exact path on Node's own request and response; everything else — models, catalog, 404s, 405s,
 * and any path that only a URL parser would recognise (dot segments, percent-encoding) — goes through
 * a Hono app built from the same table. Why two layers: what the proxy adds is held to a goal
 * (performance.md G1), and on that scale the web Request/Response layer Hono runs on is measurable
 * (building the web Request and its body stream shows in a proxied request's profile;
 * scripts/bench-gateway.ts, docs/gateway.md). Both layers share what every
 * response needs: the request id stamped once, first (stampRequestId), the key checked before anything
 * else (even before whether a route exists), errors in the caller's dialect.
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
    chatBodies: options.chatBodies,
  })
  const handleCountTokens = createCountTokensHandler({
    maxBodyBytes: options.config.maxBodyBytes,
    servedModel,
    estimatePromptTokens: options.estimatePromptTokens,
    chatBodies: options.chatBodies,
  })
  const routes = gatewayRoutes({
    chat: (dialect) => (req, res, requestId) => handleChat(req, res, dialect, requestId),
    countTokens: (req, res, requestId) =>
      handleCountTokens(req, res, dialects['anthropic-messages'], requestId),
    ...catalogHandlers(options),
  })
  const honoListener = getRequestListener(createRoutesApp(routes, keyMatches).fetch)

  // The fast path: the table's Node routes by exact path (what clients send; anything else is Hono's).
  const nodeRoutes = new Map<string, { method: string; dialect: Dialect; node: NodeHandler }>()
  for (const { method, path, dialect, handle } of routes) {
    if (handle.node !== undefined && dialect !== undefined)
      nodeRoutes.set(path, { method, dialect, node: handle.node })
  }

  return (req, res) => {
    const requestId = stampRequestId(res)
    const url = req.url ?? '/'
    const query = url.indexOf('?')
    const route = nodeRoutes.get(query === -1 ? url : url.slice(0, query))
    if (route === undefined || route.method !== req.method) {
      void honoListener(req, res)
      return
    }
    const failure = authenticationFailure(headerReaderOf(req), route.dialect, keyMatches)
    if (failure !== undefined) {
      replyBeforeBody(req, res, errorReply(route.dialect, failure, requestId))
      return
    }
    void route.node(req, res, requestId)
  }
}

/** The Hono handlers of the table: model list, model, catalog, catalog entry. */
function catalogHandlers(
  options: GatewayAppOptions,
): Pick<RouteHandlers, 'listModels' | 'getModel' | 'listCatalog' | 'getCatalogEntry'> {
  // Dates are fixed, not `now`: clients cache model lists and compare them.
  const createdAt = new Date('2026-01-01T00:00:00Z')
  const modelEntries = (): ModelListEntry[] =>
    options.catalog().map((r) => ({ id: r.model, displayName: r.label, createdAt }))
  return {
    listModels: (c) => {
      const dialect = callerDialect(c)
      try {
        return c.json(dialect.encodeModelList(modelEntries(), (name) => c.req.query(name)) as object)
      } catch (error) {
        return errorResponse(c, dialect, error)
      }
    },
    getModel: (c) => {
      // Hono decodes the parameter: `vendorb3.8%2DFlash` and `vendorb3.8-Flash` are the same id.
      // By model name only, not findModel: these are the dialects' model endpoints, whose ids are the
      // names the model list gives (a catalog id is not a model of either API).
      const id = c.req.param('id') ?? ''
      const dialect = callerDialect(c)
      const entry = modelEntries().find((model) => model.id === id)
      if (!entry) return errorResponse(c, dialect, modelNotFound(dialect, id))
      return c.json(dialect.encodeModel(entry) as object)
    },
    listCatalog: (c) => c.json({ models: options.catalog() }),
    getCatalogEntry: (c) => {
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
    },
  }
}

const header = (c: Context<GatewayEnv>) => headerReaderOf(c.env.incoming)
const callerDialect = (c: Context<GatewayEnv>) => dialectOfCaller(c.req.path, header(c))

function errorResponse(
  c: Context<GatewayEnv>,
  dialect: Dialect,
  error: unknown,
  extra: Record<string, string> = {},
): Response {
  const reply = errorReply(dialect, error, requestIdOf(c.env.outgoing), extra)
  for (const [name, value] of Object.entries(reply.headers)) c.header(name, value)
  return c.json(reply.body as object, reply.status as 400)
}

/** The whole table on Hono: what the fast path did not take, and the 404/405 answers around it. */
function createRoutesApp(
  routes: readonly GatewayRoute[],
  keyMatches: (presented: string | undefined) => boolean,
): Hono<GatewayEnv> {
  const app = new Hono<GatewayEnv>()

  // Auth on every route, before anything else is revealed (even whether a route exists).
  app.use('*', async (c, next) => {
    const dialect = callerDialect(c)
    const failure = authenticationFailure(header(c), dialect, keyMatches)
    if (failure !== undefined) return errorResponse(c, dialect, failure)
    await next()
  })

  for (const route of routes) {
    const { node, hono } = route.handle
    if (hono !== undefined) app.on(route.method, route.path, hono)
    else {
      // A Node route reached through Hono (e.g. `/v1/./messages`): the same handler, on Node's objects.
      app.on(route.method, route.path, async (c) => {
        await node(c.env.incoming, c.env.outgoing, requestIdOf(c.env.outgoing))
        return RESPONSE_ALREADY_SENT
      })
    }
    app.all(route.path, (c) =>
      errorResponse(
        c,
        route.dialect ?? callerDialect(c),
        new GatewayError(
          'method_not_allowed',
          `Method ${c.req.method} is not allowed on ${c.req.path}; use ${route.method}.`,
        ),
        { allow: route.method },
      ),
    )
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
