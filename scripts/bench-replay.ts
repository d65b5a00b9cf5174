// `npm run bench:replay`: replay timing (performance.md E3). Records text streams of both upstream
// dialects through a recording gateway (a loopback upstream with gaps of 30–80 ms), stops the upstream,
// then replays each cassette through a replay gateway at speed 1 and `instant`, reading raw SSE with
// fetch. Prints the gap error (replayed gap − recorded gap, per event) and the instant totals, and
// writes artifacts/bench-replay.json. A benchmark, not a test: nothing is asserted against a time.
import { mkdirSync, writeFileSync } from 'node:fs'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { withCassetteFlags } from '@gateway/cli-cassettes'
import { resolveGatewayConfig } from '@gateway/gateway-config'
import { startGateway, type RunningGateway } from '@gateway/start-gateway'
import { parseCassetteText } from '@node/cassettes/cassette-file'
import type { DialectId } from '@shared/chat/chat-request'
import { createSseParser } from '@shared/dialects/sse/sse-parser'
import { CLIENT_KEY, FAST, startProxyGateway, TEXT_MODEL } from '@test/integration/gateway/support/gateways'
import { startScriptedUpstream } from '@test/integration/cassettes/support/scripted-upstream'
import { formatTable, median, percentile, round } from './bench/stats'

const ROUNDS = 5
const DIALECTS: DialectId[] = ['openai-chat', 'anthropic-messages']

const pathOf = (dialect: DialectId): string => (dialect === 'openai-chat' ? '/chat/completions' : '/messages')
const bodyOf = (prompt: string) =>
  JSON.stringify({
    model: TEXT_MODEL,
    max_tokens: 200,
    stream: true,
    messages: [{ role: 'user', content: prompt }],
  })
const headersOf = (dialect: DialectId): Record<string, string> =>
  dialect === 'openai-chat'
    ? { authorization: `Bearer ${CLIENT_KEY}`, 'content-type': 'application/json' }
    : { 'x-api-key': CLIENT_KEY, 'anthropic-version': '2023-06-01', 'content-type': 'application/json' }

/** Arrival time (ms after the request went out) of every SSE event of one streamed request. */
async function eventTimes(gateway: RunningGateway, dialect: DialectId, prompt: string): Promise<number[]> {
  const started = performance.now()
  const response = await fetch(gateway.baseUrl + pathOf(dialect), {
    method: 'POST',
    headers: headersOf(dialect),
    body: bodyOf(prompt),
  })
  const times: number[] = []
  const parser = createSseParser({ onEvent: () => times.push(performance.now() - started) })
  const decoder = new TextDecoder()
  for await (const chunk of response.body as AsyncIterable<Uint8Array>)
    parser.feed(decoder.decode(chunk, { stream: true }))
  parser.end()
  return times
}

const gaps = (times: readonly number[]): number[] => times.slice(1).map((t, i) => t - (times[i] as number))

async function main(): Promise<void> {
  const root = await mkdtemp(path.join(tmpdir(), 'bench-replay-'))
  const upstream = await startScriptedUpstream()
  const prompt = (dialect: DialectId) => `[text] bench from ${dialect}`
  for (const dialect of DIALECTS) {
    const recorder = await startProxyGateway({
      upstreamBaseUrl: upstream.baseUrl,
      upstreamDialect: dialect,
      overrides: { record: { dir: root } },
    })
    await eventTimes(recorder, dialect, prompt(dialect))
    await recorder.close()
  }
  await upstream.close()

  const rows: string[][] = [
    ['upstream dialect', 'speed', 'gaps', 'median |error| ms', 'p90 |error| ms', 'whole stream ms (median)'],
  ]
  const results: Record<string, unknown>[] = []
  for (const name of await readdir(root)) {
    const cassette = parseCassetteText(await readFile(path.join(root, name), 'utf8'), name)
    const dialect = cassette.upstream.dialect
    const recordedGaps = gaps((cassette.response.events ?? []).map((e) => e.atMs))
    for (const speed of [1, 'instant'] as const) {
      const config = withCassetteFlags(resolveGatewayConfig(FAST), {
        record: undefined,
        replay: { dir: root, speed, onMiss: 'error' },
      })
      const replay = await startGateway({ apiKey: CLIENT_KEY, port: 0, config })
      const errors: number[] = []
      const totals: number[] = []
      for (let round = 0; round < ROUNDS; round++) {
        const times = await eventTimes(replay, dialect, prompt(dialect))
        totals.push(times.at(-1) ?? 0)
        if (speed === 1) gaps(times).forEach((gap, i) => errors.push(Math.abs(gap - (recordedGaps[i] ?? 0))))
      }
      await replay.close()
      const figures = {
        dialect,
        speed,
        gaps: recordedGaps.length,
        medianAbsErrorMs: speed === 1 ? round(median(errors)) : undefined,
        p90AbsErrorMs: speed === 1 ? round(percentile(errors, 90)) : undefined,
        medianWholeStreamMs: round(median(totals)),
      }
      results.push(figures)
      rows.push([
        dialect,
        String(speed),
        String(figures.gaps),
        String(figures.medianAbsErrorMs ?? '–'),
        String(figures.p90AbsErrorMs ?? '–'),
        String(figures.medianWholeStreamMs),
      ])
    }
  }
  await rm(root, { recursive: true, force: true })
  console.log(formatTable(rows))
  mkdirSync('artifacts', { recursive: true })
  writeFileSync(
    path.join('artifacts', 'bench-replay.json'),
    JSON.stringify({ rounds: ROUNDS, results }, null, 2),
  )
  console.log('\nWrote artifacts/bench-replay.json')
}

await main()
