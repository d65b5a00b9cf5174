import { readFile } from 'node:fs/promises'
import { z } from 'zod'
import { DIALECT_IDS } from '@shared/chat/chat-request'

/**
 * The gateway's configuration: which engine serves each model, pacing of the simulator, limits.
 * A JSON file (`--config`) is merged over the built-in defaults, so a file only states what differs.
 */
const simulatorEngineSchema = z.strictObject({ engine: z.literal('simulator') })

const proxyEngineSchema = z.strictObject({
  engine: z.literal('proxy'),
  upstream: z.strictObject({
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
  }),
})

const modelEngineSchema = z.discriminatedUnion('engine', [simulatorEngineSchema, proxyEngineSchema])
export type ProxyEngineConfig = z.infer<typeof proxyEngineSchema>

const gatewayConfigSchema = z.strictObject({
  /** Engine per catalog model name; models not listed use the simulator. */
  models: z.record(z.string(), modelEngineSchema).default({}),
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
  return parsed.data
}
