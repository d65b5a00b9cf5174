import { readFile, writeFile, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadGatewayConfigFile, resolveGatewayConfig } from './gateway-config'

const EXAMPLE = fileURLToPath(new URL('./__fixtures__/example-config.json', import.meta.url))
const DOCS = fileURLToPath(new URL('../../docs/gateway.md', import.meta.url))

let scratch: string
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'gateway-config-'))
})
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true })
})

describe('gateway config', () => {
  it('defaults: every model on the simulator, human pacing, fault injection on, loopback limits', () => {
    const config = resolveGatewayConfig()
    expect(config).toEqual({
      models: {},
      simulator: { ttftMs: 250, tokensPerSecond: 120 },
      maxBodyBytes: 32 * 1024 * 1024,
      faultInjection: true,
      keepAliveMs: 15_000,
      maxConcurrentStreams: 2048,
      catalog: {},
    })
  })

  it('loads the documented example: a proxied model with its upstream, the rest on the simulator', async () => {
    const config = await loadGatewayConfigFile(EXAMPLE)
    expect(config.models['vendorb3.8-Flash-Next']).toEqual({
      engine: 'proxy',
      upstream: {
        baseUrl: 'https://gateway.example.com/v1',
        dialect: 'anthropic-messages',
        apiKeyEnv: 'UPSTREAM_API_KEY',
        timeoutMs: 120_000,
      },
    })
    expect(config.simulator).toEqual({ ttftMs: 250, tokensPerSecond: 120 })
  })

  it('docs/gateway.md shows exactly the example file', async () => {
    const docs = await readFile(DOCS, 'utf8')
    const block = /<!-- example-config -->\s*```json\n([\s\S]*?)```/.exec(docs)?.[1]
    expect(block).toBeDefined()
    expect(JSON.parse(block as string)).toEqual(JSON.parse(await readFile(EXAMPLE, 'utf8')))
  })

  it('a proxy upstream timeout defaults to 10 minutes', () => {
    const config = resolveGatewayConfig({
      models: {
        m: {
          engine: 'proxy',
          upstream: { baseUrl: 'http://127.0.0.1:1/v1', dialect: 'openai-chat', apiKeyEnv: 'K' },
        },
      },
    })
    expect(config.models['m']).toMatchObject({ upstream: { timeoutMs: 600_000 } })
  })

  it.each([
    [{ simulator: { ttftMs: -1 } }, 'simulator.ttftMs'],
    [{ unknownKey: true }, '(root)'],
    [
      {
        models: {
          m: { engine: 'proxy', upstream: { baseUrl: 'ftp://x', dialect: 'openai-chat', apiKeyEnv: 'K' } },
        },
      },
      'models.m.upstream.baseUrl',
    ],
    [
      {
        models: {
          m: {
            engine: 'proxy',
            upstream: { baseUrl: 'http://x/v1', dialect: 'openai-chat', apiKeyEnv: 'sk-the-key-itself' },
          },
        },
      },
      'models.m.upstream.apiKeyEnv',
    ],
    [{ models: { m: { engine: 'magic' } } }, 'models.m.engine'],
    [{ models: { m: { engine: 'replay', dir: 'tapes', onMiss: 'proxy' } } }, 'models.m.upstream'],
    [{ models: { m: { engine: 'replay', dir: 'tapes', speed: 0 } } }, 'models.m.speed'],
  ])('refuses %j, naming %s', async (content, where) => {
    const file = join(scratch, 'config.json')
    await writeFile(file, JSON.stringify(content))
    await expect(loadGatewayConfigFile(file)).rejects.toThrow(`Gateway config ${file}: ${where}:`)
  })

  it('reads replay engines and the record folder, cassette folders relative to the config file', async () => {
    const file = join(scratch, 'replay.json')
    await writeFile(
      file,
      JSON.stringify({ models: { m: { engine: 'replay', dir: 'tapes' } }, record: { dir: '/abs/recorded' } }),
    )
    const config = await loadGatewayConfigFile(file)
    expect(config.models['m']).toEqual({
      engine: 'replay',
      dir: join(scratch, 'tapes'),
      speed: 1,
      onMiss: 'error',
    })
    expect(config.record).toEqual({ dir: '/abs/recorded' })
  })

  it('says when the file is missing or not JSON', async () => {
    await expect(loadGatewayConfigFile(join(scratch, 'nope.json'))).rejects.toThrow(
      /Cannot read gateway config/,
    )
    const file = join(scratch, 'broken.json')
    await writeFile(file, '{ "models": ')
    await expect(loadGatewayConfigFile(file)).rejects.toThrow(/is not valid JSON/)
  })
})
