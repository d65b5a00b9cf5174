import type { DialectId } from '../../chat/chat-request'
import type { EvalTarget } from '../run/eval-run-types'
import type { ParamPreset } from '../test-set-schema'
import { PromptfooConfigError } from './promptfoo-config-error'

/**
 * promptfoo providers as targets: `openai:chat:<model>` (or `openai:<model>`) and
 * `anthropic:messages:<model>`, with the parameters promptfoo 0.121 sends by default (max_tokens
 * 1024, temperature 0, no streaming; on Anthropic a top_p drops the temperature). Config keys that
 * would change the request in ways not read here are refused by name, so nothing is silently sent
 * differently from promptfoo.
 */
export type PromptfooProvider = {
  /** Without a model: the target's connection, model, dialect, parameters and price. */
  target: Omit<EvalTarget, 'connection'>
  /** The base URL as our dialect layer takes it (ending in /v1), or undefined for the local gateway. */
  baseUrl: string | undefined
  /** The literal key of the config, or the env var that holds it (promptfoo's default by vendor). */
  key: { value: string } | { env: string }
  /** A connection already chosen (a `--target` in place of the config's providers). */
  connection?: string
}

const KNOWN_CONFIG_KEYS = new Set([
  'apiBaseUrl',
  'apiKey',
  'apiKeyEnvar',
  'temperature',
  'max_tokens',
  'top_p',
  'seed',
  'stop',
  'stream',
  'cost',
  'inputCost',
  'outputCost',
])

const PROVIDER_ID = /^(openai:chat|openai|anthropic:messages):(.+)$/

function dialectAndModel(id: string, path: string): { dialect: DialectId; model: string } {
  const match = PROVIDER_ID.exec(id)
  const model = match?.[2]
  if (
    match === null ||
    model === undefined ||
    /^(completion|embedding|embeddings|responses|assistant):/.test(model)
  )
    throw new PromptfooConfigError(
      path,
      `provider ${JSON.stringify(id)}: the workbench runs openai:chat:<model> and anthropic:messages:<model>`,
    )
  return { dialect: match[1] === 'anthropic:messages' ? 'anthropic-messages' : 'openai-chat', model }
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v)

function numberAt(config: Record<string, unknown>, key: string, path: string): number | undefined {
  const value = config[key]
  if (value === undefined) return undefined
  if (!isNumber(value)) throw new PromptfooConfigError(`${path}.config.${key}`, 'must be a number')
  return value
}

/** The body parameters promptfoo's provider sends for this config (its defaults included). */
function paramsOf(config: Record<string, unknown>, dialect: DialectId, path: string): ParamPreset {
  const params: ParamPreset = { maxTokens: numberAt(config, 'max_tokens', path) ?? 1024, stream: false }
  const topP = numberAt(config, 'top_p', path)
  const temperature = numberAt(config, 'temperature', path) ?? 0
  if (topP !== undefined) params.topP = topP
  if (!(dialect === 'anthropic-messages' && topP !== undefined)) params.temperature = temperature
  const seed = numberAt(config, 'seed', path)
  if (seed !== undefined && dialect === 'openai-chat') params.seed = seed
  const stop = config.stop
  if (stop !== undefined) {
    const list = typeof stop === 'string' ? [stop] : stop
    if (!Array.isArray(list) || !list.every((s) => typeof s === 'string'))
      throw new PromptfooConfigError(`${path}.config.stop`, 'must be a string or a list of strings')
    params.stop = list
  }
  if (config.stream !== undefined) {
    if (dialect !== 'anthropic-messages' || typeof config.stream !== 'boolean')
      throw new PromptfooConfigError(
        `${path}.config.stream`,
        'is read for anthropic:messages, as true or false',
      )
    params.stream = config.stream
  }
  return params
}

function priceOf(config: Record<string, unknown>, path: string): EvalTarget['pricePerToken'] {
  const flat = numberAt(config, 'cost', path)
  const input = numberAt(config, 'inputCost', path) ?? flat
  const output = numberAt(config, 'outputCost', path) ?? flat
  return input === undefined || output === undefined ? undefined : { input, output }
}

function stringAt(config: Record<string, unknown>, key: string, path: string): string | undefined {
  const value = config[key]
  if (value === undefined) return undefined
  if (typeof value !== 'string' || value === '')
    throw new PromptfooConfigError(`${path}.config.${key}`, 'must be a non-empty string')
  return value
}

/** OpenAI's base URL ends in /v1 already; the Anthropic SDK adds /v1 to its own. */
function baseUrlOf(config: Record<string, unknown>, dialect: DialectId, path: string): string | undefined {
  const raw = stringAt(config, 'apiBaseUrl', path)
  if (raw === undefined) return undefined
  if (!/^https?:\/\//.test(raw))
    throw new PromptfooConfigError(`${path}.config.apiBaseUrl`, 'must start with http:// or https://')
  const trimmed = raw.replace(/\/+$/, '')
  return dialect === 'anthropic-messages' ? `${trimmed}/v1` : trimmed
}

/** One entry of `providers` (a string, or an object with id, label and config). */
export function readProvider(entry: unknown, path: string): PromptfooProvider {
  const object: { id?: unknown; label?: unknown; config?: unknown } =
    typeof entry === 'string' ? { id: entry } : ((entry ?? {}) as Record<string, unknown>)
  if (typeof object.id !== 'string')
    throw new PromptfooConfigError(path, 'a provider is an id string or an object with an id')
  for (const key of Object.keys(object))
    if (!['id', 'label', 'config'].includes(key))
      throw new PromptfooConfigError(`${path}.${key}`, 'is not read (a provider has id, label and config)')
  const { dialect, model } = dialectAndModel(object.id, `${path}.id`)
  const config = (object.config ?? {}) as Record<string, unknown>
  if (typeof config !== 'object' || Array.isArray(config))
    throw new PromptfooConfigError(`${path}.config`, 'must be a mapping')
  for (const key of Object.keys(config))
    if (!KNOWN_CONFIG_KEYS.has(key))
      throw new PromptfooConfigError(
        `${path}.config.${key}`,
        `is not read; the config keys read are ${[...KNOWN_CONFIG_KEYS].join(', ')}`,
      )
  const label = typeof object.label === 'string' && object.label !== '' ? object.label : object.id
  const apiKey = stringAt(config, 'apiKey', path)
  const keyEnv =
    stringAt(config, 'apiKeyEnvar', path) ??
    (dialect === 'anthropic-messages' ? 'ANTHROPIC_API_KEY' : 'OPENAI_API_KEY')
  const price = priceOf(config, path)
  return {
    target: {
      id: label,
      label,
      model,
      dialect,
      params: paramsOf(config, dialect, path),
      ...(price === undefined ? {} : { pricePerToken: price }),
    },
    baseUrl: baseUrlOf(config, dialect, path),
    key: apiKey === undefined ? { env: keyEnv } : { value: apiKey },
  }
}
