import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resolveGatewayConfig } from '@gateway/gateway-config'
import { startGateway, type RunningGateway } from '@gateway/start-gateway'
import type { CatalogModel } from '@shared/catalog'
import { warmUpRuns } from '@main/services/runs/warm-up-runs'
import { startEchoServer, type EchoServer } from '../../support/echo-server'

const KEY = 'sk-local-warm-up-test'
let gateway: RunningGateway
let echo: EchoServer
let catalog: CatalogModel[]

beforeAll(async () => {
  gateway = await startGateway({ apiKey: KEY, port: 0, config: resolveGatewayConfig({}) })
  const response = await fetch(`${gateway.baseUrl}/catalog`, { headers: { authorization: `Bearer ${KEY}` } })
  catalog = ((await response.json()) as { models: CatalogModel[] }).models
  echo = await startEchoServer()
})
afterAll(async () => {
  await gateway?.close()
  await echo?.close()
})

describe('warmUpRuns', () => {
  it('runs one short request per dialect through the run path to the local gateway, each to its end', async () => {
    const states = await warmUpRuns({
      profileId: 'local',
      resolveTarget: async () => ({ baseUrl: gateway.baseUrl, apiKey: KEY, catalog }),
      simulates: () => true,
    })
    expect(states).toEqual(['completed', 'completed'])
    expect(gateway.activeStreams()).toBe(0)
  })

  it('sends a small request in each dialect, and ends whatever the server answers', async () => {
    const states = await warmUpRuns({
      profileId: 'local',
      resolveTarget: async () => ({ baseUrl: `${echo.origin}/v1`, apiKey: KEY, catalog }),
      // The first model is proxied to an upstream: the warm-up asks the second.
      simulates: (model) => model !== catalog[0]?.model,
    })
    expect(states).toHaveLength(2)
    expect(echo.requests.map(({ method, url }) => `${method} ${url}`)).toEqual([
      'POST /v1/chat/completions',
      'POST /v1/messages',
    ])
    for (const request of echo.requests) {
      expect(request.body.length).toBeLessThan(1_000)
      expect(JSON.parse(request.body.toString()).model).toBe(catalog[1]?.model)
    }
  })

  it("sends nothing when every model is proxied to an upstream (that would spend the user's quota)", async () => {
    echo.clear()
    const states = await warmUpRuns({
      profileId: 'local',
      resolveTarget: async () => ({ baseUrl: `${echo.origin}/v1`, apiKey: KEY, catalog }),
      simulates: () => false,
    })
    expect(states).toEqual([])
    expect(echo.requests).toEqual([])
  })

  it('does nothing, and does not throw, when there is no target or no model', async () => {
    await expect(
      warmUpRuns({
        profileId: 'local',
        resolveTarget: () => Promise.reject(new Error('no such profile')),
        simulates: () => true,
      }),
    ).resolves.toEqual([])
    await expect(
      warmUpRuns({
        profileId: 'local',
        resolveTarget: async () => ({ baseUrl: gateway.baseUrl, apiKey: KEY, catalog: [] }),
        simulates: () => true,
      }),
    ).resolves.toEqual([])
  })
})
