import { readFile } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { z } from 'zod'
import { DIALECT_IDS } from '@shared/chat/chat-request'

/**
 * The gateway's configuration: which engine serves each model, pacing of the simulator, limits.
 * A JSON file (`--config`) is merged over the built-in defaults, so a file only states what differs.
 */
const simulatorEngineSchema = z.strictObject({ engine: z.literal('simulator') })

const upstreamSchema = z.strictObject({
  /** Upstream base URL including its version path, e.g. `https://gateway.example/v1`. */
  baseUrl: z.url({ protocol: /^https?$/ }),
  dialect: z.enum(DIALECT_IDS),
  /** Name of the environment variable holding the upstream key; the client's key is never forwarded. */
  apiKeyEnv: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/),
  /** Model name upstream, when it differs from the catalog name. */
  model: z.string().min(1).optional(),
  /**
   * Longest wait for the upstream's response head, then for each next chunk of its body. Never a
   * limit on a whole stream: a reply may stream for as long as the upstream keeps sending.
   */
  timeoutMs: z.number().int().positive().default(600_000),
})

const proxyEngineSchema = z.strictObject({ engine: z.literal('proxy'), upstream: upstreamSchema })

/** `1` the recorded pace, a number n times faster (0.1 ten times slower), `instant` no waits. */
const replaySpeedSchema = z.union([z.number().positive().max(10_000), z.literal('instant')])

/** A folder of cassettes (docs/cassettes.md); relative to the config file's folder when read from one. */
const cassetteDirSchema = z.string().min(1)

/**
 * Serves a model from recorded exchanges. A request no cassette matches gets an error in the client's
 * dialect naming the closest cassette, or falls through to the simulator, or to `upstream` (a proxy).
 */
const replayEngineSchema = z
  .strictObject({
    engine: z.literal('replay'),
    dir: cassetteDirSchema,
    speed: replaySpeedSchema.default(1),
    onMiss: z.enum(['error', 'simulate', 'proxy']).default('error'),
    upstream: upstreamSchema.optional(),
  })
  .refine((engine) => engine.onMiss !== 'proxy' || engine.upstream !== undefined, {
    message: 'onMiss "proxy" needs an upstream to proxy to',
    path: ['upstream'],
  })

const modelEngineSchema = z.discriminatedUnion('engine', [
  simulatorEngineSchema,
  proxyEngineSchema,
  replayEngineSchema,
])
export type ProxyEngineConfig = z.infer<typeof proxyEngineSchema>
export type ReplayEngineConfig = z.infer<typeof replayEngineSchema>

const gatewayConfigSchema = z.strictObject({
  /** Engine per catalog model name; models not listed use the simulator. */
  models: z.record(z.string(), modelEngineSchema).default({}),
  /** Record every proxied exchange as a cassette in `dir` (`--record`). */
  record: z.strictObject({ dir: cassetteDirSchema }).optional(),
  simulator: z
    .strictObject({
      ttftMs: z.number().min(0).max(60_000).default(250),
      tokensPerSecond: z.number().positive().max(1_000_000).default(120),
    })
    .default({ ttftMs: 250, tokensPerSecond: 120 }),
  /** Request bodies above this many bytes get a 413 (Anthropic's edge uses 32 MB). */
  maxBodyBytes: z
    .number()
    .int()
    .positive()
    .default(32 * 1024 * 1024),
  /** Honour the `x-simulate` fault-injection header. */
  faultInjection: z.boolean().default(true),
  /** Send a keep-alive after this long without any event on a stream. */
  keepAliveMs: z.number().int().positive().default(15_000),
  /** Streams served at once; more get an overload error instead of a stalled stream. */
  maxConcurrentStreams: z.number().int().positive().default(2048),
  /** Placeholders of the catalog records (login URL, provider, publishers); base URL is the gateway's own. */
  catalog: z
    .strictObject({
      loginUrl: z.string().optional(),
      catalogPageUrl: z.string().optional(),
      providerName: z.string().optional(),
      providerId: z.string().optional(),
    })
    .default({}),
})

export type GatewayConfig = z.infer<typeof gatewayConfigSchema>
export type GatewayConfigInput = z.input<typeof gatewayConfigSchema>

export function resolveGatewayConfig(input: GatewayConfigInput = {}): GatewayConfig {
  return gatewayConfigSchema.parse(input)
}

export async function loadGatewayConfigFile(path: string): Promise<GatewayConfig> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    throw new Error(`Cannot read gateway config ${path}: ${(error as Error).message}`, { cause: error })
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    throw new Error(`Gateway config ${path} is not valid JSON: ${(error as Error).message}`, { cause: error })
  }
  const parsed = gatewayConfigSchema.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const where = issue ? issue.path.join('.') || '(root)' : '(root)'
    throw new Error(`Gateway config ${path}: ${where}: ${issue?.message ?? 'invalid'}`)
  }
  return withCassetteDirsFrom(dirname(resolve(path)), parsed.data)
}

/** Cassette folders written relative in a config file are relative to that file, wherever it is run from. */
function withCassetteDirsFrom(base: string, config: GatewayConfig): GatewayConfig {
  const at = (dir: string): string => resolve(base, dir)
  const models = Object.fromEntries(
    Object.entries(config.models).map(([name, model]) => [
      name,
      model.engine === 'replay' ? { ...model, dir: at(model.dir) } : model,
    ]),
  )
  return {
    ...config,
    models,
    ...(config.record === undefined ? {} : { record: { dir: at(config.record.dir) } }),
  }
}
