import { resolve } from 'node:path'
import { SEED_MODELS } from '@shared/catalog/seed-models'
import type { GatewayCliArgs } from './cli-args'
import type { GatewayConfig } from './gateway-config'

/**
 * The config `--record` and `--replay` make of a config: `--record <dir>` records every proxied
 * exchange; `--replay <dir>` serves every catalog model from cassettes, falling through on a miss
 * (`--on-miss`) to the simulator or to the proxy the config gave that model. A model without a proxy
 * cannot fall through to one: the error names it.
 */
export function withCassetteFlags(
  config: GatewayConfig,
  args: Pick<GatewayCliArgs, 'record' | 'replay'>,
): GatewayConfig {
  const out: GatewayConfig = { ...config }
  if (args.record !== undefined) out.record = { dir: resolve(args.record) }
  const replay = args.replay
  if (replay === undefined) return out
  const models: GatewayConfig['models'] = { ...config.models }
  for (const { name } of SEED_MODELS) {
    const configured = config.models[name]
    const upstream = configured?.engine === 'proxy' ? configured.upstream : undefined
    if (replay.onMiss === 'proxy' && upstream === undefined) {
      throw new Error(
        `--on-miss proxy: the config gives ${name} no proxy engine to fall through to (see docs/gateway.md).`,
      )
    }
    models[name] = {
      engine: 'replay',
      dir: resolve(replay.dir),
      speed: replay.speed,
      onMiss: replay.onMiss,
      ...(upstream === undefined ? {} : { upstream }),
    }
  }
  return { ...out, models }
}
