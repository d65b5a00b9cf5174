import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response'
import type { HttpBindings } from '@hono/node-server'
import { Hono } from 'hono'
import type { Context } from 'hono'
import type { CatalogModel } from '../../shared/catalog'
import { createStreamAccumulator, reduceStreamPart } from '../../shared/chat/reduce-stream-part'
import { GatewayError, gatewayErrorKindFromStatus } from '../../shared/chat/errors'
import type { Dialect, EncodeContext, HeaderReader } from '../../shared/dialects/dialect'
import { dialectList, dialects } from '../../shared/dialects'
import type { Engine, ServedModel } from '../engines/engine'
import type { GatewayConfig } from '../gateway-config'
import { writeSseReply } from '../stream/write-sse-reply'
import { keysMatch } from './auth'
import { checkRequestFitsModel, type PromptTokenEstimator } from './check-request-fits-model'
import { randomId } from './ids'
import { readJsonBody } from './read-json-body'
import { servedModelFromCatalog } from './served-models'

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

/**
 * The error dialect of a request that is not a chat route: Messages clients announce themselves with
 * `anthropic-version` (or `x-api-key`); everyone else gets the OpenAI shape.
 */
function dialectOfCaller(c: Context<Env>): Dialect {
  const path = c.req.path
  if (path.endsWith('/messages')) return dialects['anthropic-messages']
  if (path.endsWith('/chat/completions')) return dialects['openai-chat']
  if (c.req.header('anthropic-version') !== undefined || c.req.header('x-api-key') !== undefined) {
    return dialects['anthropic-messages']
  }
  return dialects['openai-chat']
}

function headerReader(c: Context<Env>): HeaderReader {
  return (name) => c.req.header(name)
}

export function createGatewayApp(options: GatewayAppOptions): Hono<Env> {
  const { config } = options
  const app = new Hono<Env>()

  const errorResponse = (
    c: Context<Env>,
    dialect: Dialect,
    error: unknown,
    extraHeaders: Record<string, string> = {},
  ) => {
    const gatewayError =
      error instanceof GatewayError
        ? error
        : new GatewayError(
            'server_error',
            `Internal gateway error: ${(error as Error)?.message ?? String(error)}`,
          )
    const { status, body } = dialect.encodeError(gatewayError, c.get('requestId'))
    if (gatewayError.retryAfterSeconds !== undefined)
      c.header('retry-after', String(gatewayError.retryAfterSeconds))
    for (const [name, value] of Object.entries(extraHeaders)) c.header(name, value)
    return c.json(body as object, status as 400)
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
    const dialect = dialectOfCaller(c)
    const header = headerReader(c)
    const presented = dialectList.map((d) => d.readApiKey(header)).find((key) => key !== undefined)
    if (!keysMatch(presented, options.apiKey)) {
      const message =
        presented === undefined
          ? dialect.id === 'anthropic-messages'
            ? 'Missing API key: send it in the x-api-key header (or Authorization: Bearer).'
            : 'Missing API key: send it as Authorization: Bearer <key>.'
          : 'Incorrect API key provided.'
      return errorResponse(c, dialect, new GatewayError('authentication', message))
    }
    await next()
  })

  const servedModels = (): Map<string, { model: ServedModel; record: CatalogModel }> =>
    new Map(
      options.catalog().map((record) => [record.model, { model: servedModelFromCatalog(record), record }]),
    )

  for (const prefix of PREFIXES) {
    for (const dialect of dialectList) {
      app.post(prefix + dialect.path, (c) => handleChat(c, dialect))
      app.all(prefix + dialect.path, (c) => methodNotAllowed(c, dialect, 'POST'))
    }

    app.get(prefix + '/models', (c) => {
      const dialect = dialectOfCaller(c)
      // Dates are fixed, not `now`: clients cache model lists and compare them.
      const createdAt = new Date('2026-01-01T00:00:00Z')
      const entries = options.catalog().map((r) => ({ id: r.model, displayName: r.label, createdAt }))
      return c.json(dialect.encodeModelList(entries) as object)
    })
    app.all(prefix + '/models', (c) => methodNotAllowed(c, dialectOfCaller(c), 'GET'))

    app.get(prefix + '/catalog', (c) => c.json({ models: options.catalog() }))
    app.get(prefix + '/catalog/:id', (c) => {
      // Hono decodes the parameter, so `model_gateway%3Aname` and `model_gateway:name` both arrive decoded.
      const id = c.req.param('id')
      const record = options.catalog().find((r) => r.id === id || r.model === id)
      if (!record) {
        return errorResponse(
          c,
          dialectOfCaller(c),
          new GatewayError('not_found', `No catalog entry ${JSON.stringify(id)}.`),
        )
      }
      return c.json({ model: record })
    })
    app.all(prefix + '/catalog', (c) => methodNotAllowed(c, dialectOfCaller(c), 'GET'))
    app.all(prefix + '/catalog/:id', (c) => methodNotAllowed(c, dialectOfCaller(c), 'GET'))
  }

  app.notFound((c) => {
    const dialect = dialectOfCaller(c)
    let message = `No route ${c.req.method} ${c.req.path}.`
    if (c.req.path.startsWith('/v1/v1/')) {
      // The Anthropic SDK appends /v1 itself; a base URL that already ends in /v1 doubles it.
      message += ` The base URL already includes /v1: for the Anthropic SDK set baseURL to the address without /v1.`
    }
    return errorResponse(c, dialect, new GatewayError('not_found', message))
  })

  app.onError((error, c) => errorResponse(c, dialectOfCaller(c), error))

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

  async function handleChat(c: Context<Env>, dialect: Dialect) {
    const requestId = c.get('requestId')
    let streamSlot = false
    try {
      const header = headerReader(c)
      dialect.checkHeaders(header)
      const body = await readJsonBody(c.req.raw, config.maxBodyBytes)
      const request = dialect.decodeRequest(body)
      const served = servedModels().get(request.model)
      if (!served) {
        throw new GatewayError(
          'model_not_found',
          dialect.id === 'anthropic-messages'
            ? `model: ${request.model}`
            : `The model \`${request.model}\` does not exist or you do not have access to it.`,
          { param: 'model' },
        )
      }
      checkRequestFitsModel(request, served.model, dialect.id, options.estimatePromptTokens)

      if (request.stream) {
        if (options.activeStreams.count >= config.maxConcurrentStreams) {
          throw new GatewayError(
            'overloaded',
            `The gateway is serving ${config.maxConcurrentStreams} streams already; retry shortly.`,
          )
        }
        options.activeStreams.count++
        streamSlot = true
      }

      const signal = c.req.raw.signal
      const reply = await options.engineFor(served.model).start(request, {
        dialect: dialect.id,
        model: served.model,
        signal,
        header,
      })
      const context: EncodeContext = {
        id: randomId(dialect.messageIdPrefix),
        model: request.model,
        created: Math.floor(Date.now() / 1000),
        includeUsage: request.includeUsage ?? false,
      }

      if (request.stream) {
        await writeSseReply(c.env.outgoing, {
          encoder: dialect.encodeStream(context),
          reply,
          keepAlive: dialect.keepAlive(),
          keepAliveMs: config.keepAliveMs,
          signal,
          headers: { 'x-request-id': requestId, 'request-id': requestId },
        })
        return RESPONSE_ALREADY_SENT
      }

      const accumulator = createStreamAccumulator()
      let contentParts = 0
      for await (const batch of reply.batches) {
        for (const part of batch) {
          reduceStreamPart(accumulator, part)
          if (
            reply.dropAfterParts !== undefined &&
            (part.type === 'text-delta' || part.type === 'tool-call-delta')
          ) {
            if (++contentParts >= reply.dropAfterParts) {
              // A non-streaming reply cut mid-way: the connection dies with no response at all.
              c.env.outgoing.destroy()
              return RESPONSE_ALREADY_SENT
            }
          }
        }
      }
      const result = accumulator.result
      if (result.status === 'provider_error' && result.error) {
        const kind = result.error.kind ?? gatewayErrorKindFromStatus(result.error.status ?? 500)
        throw new GatewayError(kind, result.error.message, {
          ...(result.error.status === undefined ? {} : { status: result.error.status }),
        })
      }
      if (result.status !== 'completed') {
        throw new GatewayError('server_error', 'The engine ended its reply before completing it.')
      }
      return c.json(dialect.encodeResponse(result, context) as object)
    } catch (error) {
      return errorResponse(c, dialect, error)
    } finally {
      if (streamSlot) options.activeStreams.count--
    }
  }

  return app
}
