/**
 * Closed-loop throughput at fixed concurrency, for `bench:gateway`'s sweep (issue 15: 1, 16, 64 and
 * 256 streams through our gateway and the peer). Each of `concurrency` clients sends one request, waits
 * for the whole reply, checks it and sends the next, until the cell's time or request budget runs out;
 * throughput = checked replies per second, latency = each request's start → end of its reply.
 *
 * Cells are interleaved: each round visits every level and, within a level, every target in an order
 * rotated per round, so a noisy minute on the shared machine lands on all targets alike. Figures per
 * target and level: median of the rounds' throughput, p50/p99 over all rounds' samples.
 */
import { Agent } from 'node:http'

export type SweepTarget = {
  name: string
  port: number
  path: string
  headers: Record<string, string | number>
  body: Buffer
  /** True when the reply is complete and carries the expected text. */
  check: (status: number, text: string) => boolean
}

export type SendOnce = (
  agent: Agent,
  port: number,
  path: string,
  headers: Record<string, string | number>,
  body: Buffer,
) => Promise<{ status: number; text: string; ms: number }>

export type SweepSettings = {
  levels: readonly number[]
  rounds: number
  cellMs: number
  /** Upper bound on requests per cell, whatever the time budget. */
  cellMaxRequests: number
  /** The whole sweep stops starting cells after this. */
  deadlineMs: number
}

export type SweepCell = {
  target: string
  concurrency: number
  requestsPerSecond: number
  requestsPerSecondRounds: number[]
  p50Ms: number
  p99Ms: number
  completed: number
  failed: number
}

function percentileOfSorted(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] as number
}

async function runCell(
  send: SendOnce,
  target: SweepTarget,
  concurrency: number,
  settings: SweepSettings,
): Promise<{ perSecond: number; samples: number[]; failed: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency })
  const samples: number[] = []
  let failed = 0
  let started = 0
  const begin = performance.now()
  const end = begin + settings.cellMs
  const client = async (): Promise<void> => {
    while (performance.now() < end && started < settings.cellMaxRequests) {
      started++
      try {
        const reply = await send(agent, target.port, target.path, target.headers, target.body)
        if (target.check(reply.status, reply.text)) samples.push(reply.ms)
        else failed++
      } catch {
        failed++
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, client))
  const elapsed = performance.now() - begin
  agent.destroy()
  return { perSecond: (samples.length * 1000) / elapsed, samples, failed }
}

export async function throughputSweep(
  send: SendOnce,
  targets: readonly SweepTarget[],
  settings: SweepSettings,
  log: (line: string) => void,
): Promise<{ cells: SweepCell[]; truncated: boolean }> {
  const deadline = performance.now() + settings.deadlineMs
  const key = (target: string, level: number): string => `${target}@${level}`
  const gathered = new Map<string, { rates: number[]; samples: number[]; failed: number }>()
  let truncated = false
  for (let round = 0; round < settings.rounds && !truncated; round++) {
    for (const level of settings.levels) {
      for (let k = 0; k < targets.length; k++) {
        if (performance.now() > deadline) {
          truncated = true
          break
        }
        const target = targets[(round + k) % targets.length] as SweepTarget
        const cell = await runCell(send, target, level, settings)
        const entry = gathered.get(key(target.name, level)) ?? { rates: [], samples: [], failed: 0 }
        entry.rates.push(cell.perSecond)
        for (const sample of cell.samples) entry.samples.push(sample)
        entry.failed += cell.failed
        gathered.set(key(target.name, level), entry)
      }
    }
    log(`  sweep round ${round + 1}/${settings.rounds} done`)
  }
  const cells: SweepCell[] = []
  for (const level of settings.levels) {
    for (const target of targets) {
      const entry = gathered.get(key(target.name, level))
      if (entry === undefined) continue
      const sorted = [...entry.samples].sort((a, b) => a - b)
      const rates = [...entry.rates].sort((a, b) => a - b)
      cells.push({
        target: target.name,
        concurrency: level,
        requestsPerSecond: percentileOfSorted(rates, 0.5),
        requestsPerSecondRounds: entry.rates,
        p50Ms: percentileOfSorted(sorted, 0.5),
        p99Ms: percentileOfSorted(sorted, 0.99),
        completed: sorted.length,
        failed: entry.failed,
      })
    }
  }
  return { cells, truncated }
}
