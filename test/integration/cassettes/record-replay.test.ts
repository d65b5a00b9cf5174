import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { withCassetteFlags } from '@gateway/cli-cassettes'
import { parseCassetteText } from '@node/cassettes/cassette-file'
import { resolveGatewayConfig } from '@gateway/gateway-config'
import { startGateway, type RunningGateway } from '@gateway/start-gateway'
import type { DialectId } from '@shared/chat/chat-request'
import { CLIENT_KEY, FAST, startProxyGateway } from '../gateway/support/gateways'
import { ask, CLIENTS, type ClientDialect, type Endpoint, type Outcome } from './support/sdk-outcome'
import { startScriptedUpstream, TEXT_DELTAS, USAGE, type ScriptedUpstream } from './support/scripted-upstream'

/**
 * Record through the gateway's proxy with the official SDKs (both client dialects, streamed and not,
 * from an upstream of each dialect), stop the upstream, replay the folder: every client gets the same
 * text, tool calls, finish reason, usage — and the same errors, where the upstream failed.
 */
const UPSTREAMS: DialectId[] = ['openai-chat', 'anthropic-messages']
const SCENARIOS = ['text', 'tools', 'midstream-error', 'broken'] as const

type Call = { upstream: DialectId; client: ClientDialect; scenario: string; stream: boolean }
const CALLS: Call[] = UPSTREAMS.flatMap((upstream) =>
  CLIENTS.flatMap((client) =>
    SCENARIOS.flatMap((scenario) => [true, false].map((stream) => ({ upstream, client, scenario, stream }))),
  ),
)
/** Each call its own prompt, so each is its own cassette (the hash ignores `stream`, not the words). */
const promptOf = (call: Omit<Call, 'upstream'>): string =>
  `[${call.scenario}] from ${call.client}, ${call.stream ? 'streamed' : 'whole'}`

const endpointOf = (gateway: RunningGateway): Endpoint => ({
  baseUrl: gateway.baseUrl,
  origin: gateway.origin,
  apiKey: gateway.apiKey,
})

/** An outcome without the request id the gateway gives each error of its own (Messages errors quote it). */
const sameReply = (outcome: Outcome | undefined) =>
  outcome?.error === undefined
    ? outcome
    : {
        ...outcome,
        error: { ...outcome.error, message: outcome.error.message.replace(/req_[A-Za-z0-9]+/g, 'req_…') },
      }

let upstream: ScriptedUpstream
let root: string
const dirs = {} as Record<DialectId, string>
const recorded = new Map<string, Outcome>()
const keyOf = (call: Call): string => JSON.stringify(call)

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'cassettes-'))
  upstream = await startScriptedUpstream()
  for (const dialect of UPSTREAMS) {
    dirs[dialect] = join(root, dialect)
    const recorder = await startProxyGateway({
      upstreamBaseUrl: upstream.baseUrl,
      upstreamDialect: dialect,
      overrides: { record: { dir: dirs[dialect] } },
    })
    const calls = CALLS.filter((call) => call.upstream === dialect)
    const outcomes = await Promise.all(
      calls.map((call) => ask(call.client, endpointOf(recorder), promptOf(call), call.stream)),
    )
    calls.forEach((call, i) => recorded.set(keyOf(call), outcomes[i] as Outcome))
    await recorder.close()
  }
  // From here on nothing may reach the upstream: replay is offline.
  await upstream.close()
}, 60_000)
afterAll(async () => {
  await rm(root, { recursive: true, force: true })
})

async function startReplay(dir: string, speed: number | 'instant', onMiss: 'error' | 'simulate' = 'error') {
  const config = withCassetteFlags(resolveGatewayConfig(FAST), {
    record: undefined,
    replay: { dir, speed, onMiss },
  })
  return startGateway({ apiKey: CLIENT_KEY, port: 0, config })
}

describe('recording through the proxy', () => {
  it('wrote one cassette per exchange, named by hash and upstream dialect', async () => {
    for (const dialect of UPSTREAMS) {
      const names = await readdir(dirs[dialect])
      expect(names).toHaveLength(CALLS.filter((call) => call.upstream === dialect).length)
      for (const name of names) expect(name).toMatch(new RegExp(`^[0-9a-f]{16}\\.${dialect}\\.json$`))
    }
  })

  it('gave the clients what the upstream said (the baseline replay is held to)', () => {
    const text = recorded.get(
      keyOf({ upstream: 'openai-chat', client: 'openai-chat', scenario: 'text', stream: true }),
    )
    expect(text).toEqual({
      text: TEXT_DELTAS.join(''),
      toolCalls: [],
      finish: 'stop',
      usage: USAGE,
    })
    const broken = recorded.get(
      keyOf({
        upstream: 'anthropic-messages',
        client: 'anthropic-messages',
        scenario: 'broken',
        stream: true,
      }),
    )
    expect(broken?.text).toBe(TEXT_DELTAS.slice(0, 2).join(''))
    expect(broken?.error?.message).toMatch(/broke mid-reply/)
  })
})

describe.each(UPSTREAMS)('replaying cassettes recorded from a %s upstream', (dialect) => {
  let replay: RunningGateway
  beforeAll(async () => {
    replay = await startReplay(dirs[dialect], 'instant')
  })
  afterAll(() => replay?.close())

  it.each(CALLS.filter((call) => call.upstream === dialect).map((call) => [promptOf(call), call] as const))(
    '%s: the same outcome as when it was recorded',
    async (_name, call) => {
      const outcome = await ask(call.client, endpointOf(replay), promptOf(call), call.stream)
      expect(sameReply(outcome)).toEqual(sameReply(recorded.get(keyOf(call))))
    },
  )

  it.each(SCENARIOS.filter((s) => s === 'text' || s === 'tools'))(
    '%s recorded through one client dialect replays as a valid reply of the other',
    async (scenario) => {
      for (const client of CLIENTS) {
        const other: ClientDialect = client === 'openai-chat' ? 'anthropic-messages' : 'openai-chat'
        const prompt = promptOf({ client, scenario, stream: true })
        const original = recorded.get(keyOf({ upstream: dialect, client, scenario, stream: true })) as Outcome
        // The other SDK's stream helpers would throw on a malformed stream of their dialect.
        for (const stream of [true, false]) {
          const crossed = await ask(other, endpointOf(replay), prompt, stream)
          expect(crossed.error).toBeUndefined()
          expect(crossed.text).toBe(original.text)
          expect(crossed.finish).toBe(original.finish)
          expect(crossed.usage).toEqual(original.usage)
          expect(crossed.toolCalls.map((c) => [c.name, JSON.parse(c.arguments) as unknown])).toEqual(
            original.toolCalls.map((c) => [c.name, JSON.parse(c.arguments) as unknown]),
          )
        }
      }
    },
  )

  it('answers a request no cassette matches with an error of the client dialect naming the closest cassette', async () => {
    const names = await readdir(dirs[dialect])
    for (const client of CLIENTS) {
      const outcome = await ask(client, endpointOf(replay), `[text] from ${client}, streamed, edited`, true)
      expect(outcome.error?.status).toBe(404)
      expect(outcome.error?.message).toMatch(
        /No cassette matched this request \(hash [0-9a-f]{16}\)\. The closest is /,
      )
      const named = names.find((name) => outcome.error?.message.includes(name))
      expect(named, outcome.error?.message).toBeDefined()
      expect(outcome.error?.message).toMatch(/differs in messages\[0\]/)
    }
  })
})

describe('at speed 1', () => {
  it('replays the same outcome, taking no less than the recorded time to its last event', async () => {
    const call = {
      upstream: 'anthropic-messages' as const,
      client: 'openai-chat' as const,
      scenario: 'text',
      stream: true,
    }
    const dir = dirs[call.upstream]
    const cassettes = await Promise.all(
      (await readdir(dir)).map(async (file) =>
        parseCassetteText(await readFile(join(dir, file), 'utf8'), file),
      ),
    )
    const recordedCassette = cassettes.find(
      (c) => JSON.stringify(c.request.messages).includes(promptOf(call)) && c.response.events !== undefined,
    )
    const lastAt = recordedCassette?.response.events?.at(-1)?.atMs ?? Infinity
    const replay = await startReplay(dir, 1)
    try {
      const started = performance.now()
      const outcome = await ask(call.client, endpointOf(replay), promptOf(call), call.stream)
      // Timers fire late, never early (a millisecond of rounding aside): no assertion on how late.
      expect(performance.now() - started).toBeGreaterThanOrEqual(lastAt - 2)
      expect(outcome).toEqual(recorded.get(keyOf(call)))
    } finally {
      await replay.close()
    }
  })
})

describe('on a miss', () => {
  it('simulate: the simulator answers instead', async () => {
    const replay = await startReplay(dirs['openai-chat'], 'instant', 'simulate')
    try {
      const outcome = await ask('openai-chat', endpointOf(replay), 'a prompt never recorded', false)
      expect(outcome.error).toBeUndefined()
      expect(outcome.text).toMatch(/simulat/i)
    } finally {
      await replay.close()
    }
  })
})
