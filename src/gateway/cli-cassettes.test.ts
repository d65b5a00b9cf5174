import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { SEED_MODELS } from '@shared/catalog/seed-models'
import { withCassetteFlags } from './cli-cassettes'
import { resolveGatewayConfig } from './gateway-config'

const upstream = {
  baseUrl: 'http://127.0.0.1:1/v1',
  dialect: 'openai-chat' as const,
  apiKeyEnv: 'K',
  timeoutMs: 1000,
}

describe('withCassetteFlags', () => {
  it('--record sets the record folder (absolute) and leaves the engines alone', () => {
    const config = withCassetteFlags(resolveGatewayConfig(), { record: 'tapes', replay: undefined })
    expect(config.record).toEqual({ dir: resolve('tapes') })
    expect(config.models).toEqual({})
  })

  it("--replay serves every catalog model from the folder, keeping a proxied model's upstream for --on-miss proxy", () => {
    const [first, second] = SEED_MODELS.map((model) => model.name) as [string, string]
    const base = resolveGatewayConfig({ models: { [first]: { engine: 'proxy', upstream } } })
    const config = withCassetteFlags(base, {
      record: undefined,
      replay: { dir: 'tapes', speed: 'instant', onMiss: 'simulate' },
    })
    expect(config.models[first]).toEqual({
      engine: 'replay',
      dir: resolve('tapes'),
      speed: 'instant',
      onMiss: 'simulate',
      upstream,
    })
    expect(config.models[second]).toEqual({
      engine: 'replay',
      dir: resolve('tapes'),
      speed: 'instant',
      onMiss: 'simulate',
    })
  })

  it('--on-miss proxy needs a proxy for every model, and names the one without', () => {
    const [first, second] = SEED_MODELS.map((model) => model.name) as [string, string]
    const base = resolveGatewayConfig({ models: { [first]: { engine: 'proxy', upstream } } })
    expect(() =>
      withCassetteFlags(base, { record: undefined, replay: { dir: 't', speed: 1, onMiss: 'proxy' } }),
    ).toThrow(`--on-miss proxy: the config gives ${second} no proxy engine`)
  })
})
