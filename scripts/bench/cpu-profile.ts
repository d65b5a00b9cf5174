// Optional (--profile): a sampling CPU profile of the page around a phase, saved for DevTools and
// summarized as the functions with the most self time: where a slow frame's time actually goes.
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { CDPSession } from 'playwright-core'

type ProfileNode = {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }
  hitCount?: number
}
type Profile = {
  nodes: ProfileNode[]
  samples?: number[]
  timeDeltas?: number[]
  startTime: number
  endTime: number
}

export async function startProfile(cdp: CDPSession): Promise<void> {
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 250 })
  await cdp.send('Profiler.start')
}

export type HotFunction = { name: string; selfMs: number; pct: number }

/** Stops the profile, writes it to `file` and returns the functions with the most self time. */
export async function stopProfile(cdp: CDPSession, file: string, top = 25): Promise<HotFunction[]> {
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile }
  // A fresh checkout has no artifacts/ yet (the JSON result creates it only at the end).
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(file, JSON.stringify(profile))
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const self = new Map<string, number>()
  const samples = profile.samples ?? []
  const deltas = profile.timeDeltas ?? []
  let total = 0
  for (let i = 0; i < samples.length; i++) {
    const node = byId.get(samples[i] ?? -1)
    // The time until the next sample is what this sample stands for.
    const ms = (deltas[i + 1] ?? 0) / 1000
    if (!node) continue
    const frame = node.callFrame
    const name = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop() ?? ''}:${frame.lineNumber + 1}`
    self.set(name, (self.get(name) ?? 0) + ms)
    total += ms
  }
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, selfMs]) => ({ name, selfMs, pct: (100 * selfMs) / total }))
}

/** Optional (--trace): a DevTools timeline trace of a phase, summarized by kind of main-thread work. */
export async function startTrace(cdp: CDPSession): Promise<void> {
  await cdp.send('Tracing.start', {
    traceConfig: { includedCategories: ['devtools.timeline', 'v8.execute', 'blink.user_timing'] },
    transferMode: 'ReturnAsStream',
  })
}

type TraceEvent = {
  name: string
  ph: string
  dur?: number
  pid: number
  tid: number
  args?: { name?: string }
}

/** Stops the trace, writes it to `file`, and sums the renderer main thread's time per event name. */
export async function stopTrace(cdp: CDPSession, file: string): Promise<Array<{ name: string; ms: number }>> {
  const complete = new Promise<string>((resolve) =>
    cdp.once('Tracing.tracingComplete', (event) => resolve(event.stream ?? '')),
  )
  await cdp.send('Tracing.end')
  const stream = await complete
  let text = ''
  for (let guard = 0; guard < 100_000; guard++) {
    const chunk = await cdp.send('IO.read', { handle: stream, size: 1 << 20 })
    text += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString('utf8') : chunk.data
    if (chunk.eof) break
  }
  await cdp.send('IO.close', { handle: stream })
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(file, text)
  const parsed = JSON.parse(text) as { traceEvents?: TraceEvent[] } | TraceEvent[]
  const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? [])
  const main = events.find((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
  const totals = new Map<string, number>()
  for (const event of events) {
    if (!main || event.pid !== main.pid || event.tid !== main.tid || event.ph !== 'X') continue
    totals.set(event.name, (totals.get(event.name) ?? 0) + (event.dur ?? 0) / 1000)
  }
  return [...totals.entries()].map(([name, ms]) => ({ name, ms })).sort((a, b) => b.ms - a.ms)
}
