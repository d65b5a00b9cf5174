import { afterAll, beforeAll } from 'vitest'
import { resolveGatewayConfig } from '@gateway/gateway-config'
import { startGateway, type RunningGateway } from '@gateway/start-gateway'
import type { Logger } from '@main/services/log/logger'
import type { RunTarget } from '@main/services/runs/run-registry-options'
import { TEXT_MODEL, VISION_MODEL, type CatalogModel } from '@shared/catalog'
import type { EvalTarget } from '@shared/eval/run/eval-run-types'

/** A logger for tests whose subject is not the log. */
export const quietLogger: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined }

/** One target per dialect, a different model each: the smallest matrix that crosses both. */
export const bothDialectTargets: EvalTarget[] = [
  { id: 'oa', connection: 'local', model: TEXT_MODEL.name, dialect: 'openai-chat' },
  { id: 'an', connection: 'local', model: VISION_MODEL.name, dialect: 'anthropic-messages' },
]

/**
 * The real local gateway (simulator, loopback) for this test file, started before its tests and
 * closed after them, and the run registry's `resolveTarget` for it: every connection id is that
 * gateway, with its key and the catalog it serves.
 */
export function localGatewayTarget(options: { key: string; tokensPerSecond: number }): {
  resolveTarget: () => Promise<RunTarget>
} {
  let gateway: RunningGateway
  let catalog: CatalogModel[]
  beforeAll(async () => {
    gateway = await startGateway({
      apiKey: options.key,
      config: resolveGatewayConfig({ simulator: { ttftMs: 0, tokensPerSecond: options.tokensPerSecond } }),
    })
    const response = await fetch(`${gateway.baseUrl}/catalog`, {
      headers: { authorization: `Bearer ${options.key}` },
    })
    catalog = ((await response.json()) as { models: CatalogModel[] }).models
  })
  afterAll(async () => {
    await gateway.close()
  })
  return { resolveTarget: async () => ({ baseUrl: gateway.baseUrl, apiKey: options.key, catalog }) }
}
