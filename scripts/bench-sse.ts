// `npm run bench:sse`: SSE parsing throughput (performance.md P1) and linearity on a huge event.
// Prints a table and writes artifacts/bench-sse.json. A benchmark, not a test: figures are recorded,
// correctness is checked (event counts and byte totals), nothing is asserted against a time.
import { mkdirSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { StreamPart } from '@shared/chat/stream-part'
import { dialects } from '@shared/dialects'
import { encodeSseFrame } from '@shared/dialects/sse/sse-encode'
import { createPartDecoder } from '@shared/dialects/sse/part-decoder'
import { createSseParser } from '@shared/dialects/sse/sse-parser'
import { formatTable, median } from './bench/stats'

const ROUNDS = 7
// P1's sizes, and for context the size of the reads main really gets from the network (kilobytes).
const CHUNK_SIZES = [64, 128, 256, 16384] as const
const MB = 1024 * 1024

/** A realistic stream: the chunks our own encoders write, with mixed-script text deltas. */
function buildStream(
  dialect: 'openai-chat' | 'anthropic-messages',
  targetBytes: number,
): { bytes: Uint8Array; events: number } {
  const encoder = dialects[dialect].encodeStream({
    id: 'bench',
    model: 'bench-model',
    created: 0,
    includeUsage: true,
  })
  const words = [
    'Hello',
    ' world',
    ', ',
    'streaming',
    ' 流式传输',
    ' résumé',
    ' 👋',
    '\n\n',
    '```ts',
    ' const x = 1',
    '```',
  ]
  let text = ''
  let events = 0
  const write = (part: StreamPart): void => {
    for (const frame of encoder.push(part)) {
      text += encodeSseFrame(frame)
      events++
    }
  }
  write({ type: 'start' })
  for (let i = 0; text.length < targetBytes; i++)
    write({ type: 'text-delta', text: words[i % words.length] ?? '' })
  write({ type: 'finish', reason: { unified: 'stop', raw: 'stop' } })
  write({ type: 'end' })
  return { bytes: new TextEncoder().encode(text), events }
}

function chunked(bytes: Uint8Array, size: number): Uint8Array[] {
  const out: Uint8Array[] = []
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.subarray(i, i + size))
  return out
}

function parseOnly(chunks: Array<Uint8Array | string>): { ms: number; events: number } {
  let events = 0
  const parser = createSseParser({ onEvent: () => events++ })
  const started = performance.now()
  for (const chunk of chunks) parser.feed(chunk)
  parser.end()
  return { ms: performance.now() - started, events }
}

function parseAndTranslate(
  chunks: Uint8Array[],
  dialect: 'openai-chat' | 'anthropic-messages',
): { ms: number; parts: number } {
  // The pipeline main and the proxy read replies with: bytes → SSE → the dialect's parts.
  let parts = 0
  const decoder = createPartDecoder(dialects[dialect], { onParts: (batch) => (parts += batch.length) })
  const started = performance.now()
  for (const chunk of chunks) decoder.feed(chunk)
  decoder.end()
  return { ms: performance.now() - started, parts }
}

const results: Record<string, unknown> = {
  machine: {
    cpus: os.cpus().length,
    model: os.cpus()[0]?.model,
    node: process.version,
    platform: process.platform,
  },
  rounds: ROUNDS,
}
const rows: string[][] = [['input', 'chunk', 'feed', 'median MB/s', 'min..max MB/s', 'events ok']]

for (const dialect of ['openai-chat', 'anthropic-messages'] as const) {
  const { bytes, events } = buildStream(dialect, 24 * MB)
  const mb = bytes.length / MB
  const text = new TextDecoder().decode(bytes)
  for (const size of CHUNK_SIZES) {
    const byteChunks = chunked(bytes, size)
    const stringChunks: string[] = []
    for (let i = 0; i < text.length; i += size) stringChunks.push(text.slice(i, i + size))
    for (const [feed, chunks] of [
      ['bytes', byteChunks],
      ['string', stringChunks],
    ] as const) {
      parseOnly(chunks.slice(0, 5000)) // warm-up
      const speeds: number[] = []
      let ok = true
      for (let round = 0; round < ROUNDS; round++) {
        const run = parseOnly(chunks)
        ok &&= run.events === events
        speeds.push(mb / (run.ms / 1000))
      }
      const key = `${dialect}/${size}/${feed}`
      results[key] = { medianMBps: median(speeds), speeds, events, bytes: bytes.length, correct: ok }
      rows.push([
        dialect,
        String(size),
        feed,
        median(speeds).toFixed(0),
        `${Math.min(...speeds).toFixed(0)}..${Math.max(...speeds).toFixed(0)}`,
        ok ? 'yes' : 'NO',
      ])
    }
  }
  // For context: the whole client path, SSE + the dialect's stream parser (JSON.parse per event).
  const speeds: number[] = []
  for (let round = 0; round < 3; round++)
    speeds.push(mb / (parseAndTranslate(chunked(bytes, 128), dialect).ms / 1000))
  results[`${dialect}/128/sse+dialect`] = { medianMBps: median(speeds), speeds }
  rows.push([
    dialect,
    '128',
    'sse+dialect parse',
    median(speeds).toFixed(0),
    `${Math.min(...speeds).toFixed(0)}..${Math.max(...speeds).toFixed(0)}`,
    '-',
  ])
}

// Linearity: one huge event in 64-byte chunks. Quadratic buffering (eventsource-parser ≤ 3.0.7) took
// 93 s for 280 MB; linear work makes 100 MB cost ~4x 25 MB.
const linearity: Array<{ mb: number; ms: number; ok: boolean }> = []
for (const size of [25, 50, 100]) {
  const payload = new Uint8Array(size * MB).fill(0x78)
  const head = new TextEncoder().encode('data: ')
  const tail = new TextEncoder().encode('\n\n')
  const whole = new Uint8Array(head.length + payload.length + tail.length)
  whole.set(head, 0)
  whole.set(payload, head.length)
  whole.set(tail, head.length + payload.length)
  let dataLength = -1
  const parser = createSseParser({ onEvent: (event) => (dataLength = event.data.length) })
  const started = performance.now()
  for (let i = 0; i < whole.length; i += 64) parser.feed(whole.subarray(i, i + 64))
  parser.end()
  linearity.push({ mb: size, ms: performance.now() - started, ok: dataLength === payload.length })
}
results['linearity'] = linearity

console.log(formatTable(rows))
console.log('\nOne huge event in 64-byte chunks (bytes):')
for (const { mb, ms, ok } of linearity)
  console.log(`  ${String(mb).padStart(3)} MB: ${ms.toFixed(0)} ms${ok ? '' : '  WRONG DATA LENGTH'}`)
const [first, , last] = linearity
if (first && last) console.log(`  100 MB / 25 MB time ratio: ${(last.ms / first.ms).toFixed(2)} (linear = 4)`)

mkdirSync('artifacts', { recursive: true })
writeFileSync(path.join('artifacts', 'bench-sse.json'), JSON.stringify(results, null, 2))
console.log('\nWrote artifacts/bench-sse.json')
