import type { IncomingMessage, ServerResponse } from 'node:http'
import type { HttpBindings } from '@hono/node-server'
import type { Context } from 'hono'
import { dialectList, dialects } from '@shared/dialects'
import type { Dialect } from '@shared/dialects/dialect'

export type GatewayEnv = { Bindings: HttpBindings }

/** A handler on Node's own request and response: the hot path (performance.md G1), no web layer. */
export type NodeHandler = (req: IncomingMessage, res: ServerResponse, requestId: string) => Promise<void>
/** A handler on Hono's context: everything off the hot path. */
type HonoHandler = (c: Context<GatewayEnv>) => Response | Promise<Response>

export type GatewayRoute = {
  method: 'GET' | 'POST'
  path: string
  /** The dialect its errors (401, 405…) are in; undefined: the caller's (see dialectOfCaller). */
  dialect?: Dialect
  handle: { node: NodeHandler; hono?: never } | { hono: HonoHandler; node?: never }
}

export type RouteHandlers = {
  chat: (dialect: Dialect) => NodeHandler
  countTokens: NodeHandler
  listModels: HonoHandler
  getModel: HonoHandler
  listCatalog: HonoHandler
  getCatalogEntry: HonoHandler
}

/** Both conventions of base URL land somewhere valid: with and without the `/v1` prefix. */
const PREFIXES = ['/v1', ''] as const

/** The Messages API's token counter: a body like a chat request's, so it takes the same path. */
const COUNT_TOKENS_PATH = '/messages/count_tokens'

/**
 * Every route of the gateway, once: the listener's fast path is an index of the `node` routes, and
 * the Hono app registers all of them (see createGatewayListener). A chat route per dialect in the
 * registry, so a third dialect is a third chat route with nothing else to edit.
 */
export function gatewayRoutes(handlers: RouteHandlers): GatewayRoute[] {
  return PREFIXES.flatMap((prefix): GatewayRoute[] => [
    ...dialectList.map((dialect): GatewayRoute => ({
      method: 'POST',
      path: prefix + dialect.path,
      dialect,
      handle: { node: handlers.chat(dialect) },
    })),
    {
      method: 'POST',
      path: prefix + COUNT_TOKENS_PATH,
      dialect: dialects['anthropic-messages'],
      handle: { node: handlers.countTokens },
    },
    { method: 'GET', path: prefix + '/models', handle: { hono: handlers.listModels } },
    { method: 'GET', path: prefix + '/models/:id', handle: { hono: handlers.getModel } },
    { method: 'GET', path: prefix + '/catalog', handle: { hono: handlers.listCatalog } },
    { method: 'GET', path: prefix + '/catalog/:id', handle: { hono: handlers.getCatalogEntry } },
  ])
}
