import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { LOCAL_PROFILE_ID } from '@shared/settings/settings-schema'
import { startGatewayWorker, type GatewayWorker } from './start-gateway-worker'
import {
  GATEWAY_CONFIG_ENV,
  startLocalGateway,
  type LocalGateway,
  type LocalGatewayNotice,
} from './start-local-gateway'
import { memorySecrets } from '@test/support/memory-secrets'

async function waitFor<T>(check: () => T | undefined, what: string): Promise<T> {
  for (let i = 0; i < 300; i++) {
    const value = check()
    if (value !== undefined) return value
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`timed out waiting for ${what}`)
}

describe('startLocalGateway (a worker thread)', () => {
  let local: LocalGateway | undefined
  afterEach(async () => {
    await local?.close()
    local = undefined
  })

  it('serves the local profile with the key it keeps in the secret store', async () => {
    const secrets = memorySecrets()
    local = await startLocalGateway({ secrets, env: {} })
    expect(await secrets.get(LOCAL_PROFILE_ID)).toBe(local.apiKey)
    expect(local.profile().baseUrl).toBe(local.baseUrl())
    const response = await fetch(`${local.baseUrl()}/models`, {
      headers: { authorization: `Bearer ${local.apiKey}` },
    })
    expect(response.status).toBe(200)
  })

  it('says which models it answers itself and which its config proxies to an upstream', async () => {
    const config = path.resolve(import.meta.dirname, '../../../gateway/__fixtures__/example-config.json')
    local = await startLocalGateway({ secrets: memorySecrets(), env: { [GATEWAY_CONFIG_ENV]: config } })
    expect(local.simulates('vendorb3.8-Flash-Next')).toBe(false)
    expect(local.simulates('vendora-V4-Flash-Vision-Exp')).toBe(true)
  })

  it('a worker that dies is restarted on the same port with the same key, and the user is told', async () => {
    const notices: LocalGatewayNotice[] = []
    const workers: GatewayWorker[] = []
    local = await startLocalGateway({
      secrets: memorySecrets(),
      env: {},
      onNotice: (notice) => notices.push(notice),
      startWorker: async (data, limits) => {
        const worker = await startGatewayWorker(data, limits)
        workers.push(worker)
        return worker
      },
    })
    const before = local.baseUrl()
    const headers = { authorization: `Bearer ${local.apiKey}` }

    await workers[0]?.kill()
    const warning = await waitFor(() => notices.find((n) => n.tone === 'warning'), 'the warning')
    expect(warning.message).toMatch(/^The local gateway stopped \(.+\); restarting it\.$/)
    await waitFor(() => notices.find((n) => n.tone === 'info'), 'the restart notice')
    expect(workers).toHaveLength(2)
    expect(local.baseUrl()).toBe(before)
    expect((await fetch(`${before}/models`, { headers })).status).toBe(200)
  })

  it('stops restarting a worker that keeps dying, and says so', async () => {
    const notices: LocalGatewayNotice[] = []
    const workers: GatewayWorker[] = []
    const GIVE_UP_AFTER = 2
    local = await startLocalGateway({
      secrets: memorySecrets(),
      env: {},
      onNotice: (notice) => notices.push(notice),
      restartDelay: (crashes) => (crashes.length > GIVE_UP_AFTER ? null : 0),
      startWorker: async (data, limits) => {
        const worker = await startGatewayWorker(data, limits)
        workers.push(worker)
        return worker
      },
    })
    for (let crash = 0; crash <= GIVE_UP_AFTER; crash++) {
      const worker = await waitFor(() => workers[crash], `worker ${crash}`)
      await worker.kill()
    }
    const error = await waitFor(() => notices.find((n) => n.tone === 'error'), 'the final notice')
    expect(error.message).toContain('was not restarted')
    expect(workers).toHaveLength(GIVE_UP_AFTER + 1)
  })
})
