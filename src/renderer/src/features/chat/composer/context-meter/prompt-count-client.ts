import type { ChatMessage, ChatRequest } from '@shared/chat/chat-request'
import type { PromptCountAnswer, PromptCountRequest } from './prompt-count-protocol'

export type PromptCountClient = {
  /**
   * Every pane's prompt tokens with the draft as its next turn (key → tokens). Only what changed
   * since the last call (by identity) goes to the worker; answers come in the order asked.
   */
  count(
    panes: ReadonlyArray<{ key: string; base: ChatRequest }>,
    draft: ChatMessage | null,
  ): Promise<Map<string, number>>
}

type Counter = { answer(message: unknown): PromptCountAnswer | undefined }

/**
 * A client over `post` (a worker's postMessage, or a counter on this thread). When the worker fails
 * (it did not load, it crashed) the client counts here instead: everything is sent again, since the
 * new counter knows nothing yet.
 */
export function createPromptCountClient(
  post: ((request: PromptCountRequest) => void) | null,
  loadInThread: () => Promise<Counter>,
) {
  let seq = 0
  const waiting = new Map<number, (answer: PromptCountAnswer) => void>()
  const sentBases = new Map<string, ChatRequest>()
  let sentDraft: ChatMessage | null | undefined
  let here: Promise<Counter> | undefined
  let latest: PromptCountRequest | undefined

  const receive = (answer: PromptCountAnswer): void => {
    // Answers come in order: every request before this one has been answered too (or was lost).
    for (const [n, resolve] of waiting) {
      if (n > answer.seq) break
      waiting.delete(n)
      if (n === answer.seq) resolve(answer)
    }
  }
  const postHere = (request: PromptCountRequest): void => {
    here ??= loadInThread()
    void here.then((counter) => {
      const answer = counter.answer(request)
      if (answer !== undefined) receive(answer)
    })
  }
  let send = post ?? postHere

  return {
    receive,
    /** The worker failed: count here from now on, starting with the latest request whole. */
    fail(): void {
      send = postHere
      if (latest === undefined) return
      const whole: PromptCountRequest = {
        seq: latest.seq,
        panes: [...sentBases].map(([key, base]) => ({ key, base })),
        draft: sentDraft ?? null,
      }
      postHere(whole)
    },
    count(panes, draft) {
      const request: PromptCountRequest = { seq: ++seq, panes: [] }
      for (const { key, base } of panes) {
        if (sentBases.get(key) === base) request.panes.push({ key })
        else request.panes.push({ key, base })
        sentBases.set(key, base)
      }
      for (const key of sentBases.keys()) if (!panes.some((pane) => pane.key === key)) sentBases.delete(key)
      if (draft !== sentDraft) request.draft = draft
      sentDraft = draft
      latest = request
      return new Promise((resolve) => {
        waiting.set(request.seq, (answer) => resolve(new Map(answer.panes.map((p) => [p.key, p.tokens]))))
        send(request)
      })
    },
  } satisfies PromptCountClient & { receive(answer: PromptCountAnswer): void; fail(): void }
}

let client: PromptCountClient | undefined

const loadInThread = (): Promise<Counter> =>
  import('./in-thread-counter').then(({ inThreadCounter }) => inThreadCounter())

/**
 * The page's one prompt-count worker and its client, started on first use. Where there are no
 * workers (tests in happy-dom) the counter runs here, loaded on demand as the worker's code is (the
 * tokenizer's tables stay out of the initial bundle, performance.md R5).
 */
export function promptCountClient(): PromptCountClient {
  if (client) return client
  if (typeof Worker === 'undefined') {
    client = createPromptCountClient(null, loadInThread)
    return client
  }
  // Same-origin module script: allowed by the page's CSP (worker-src falls back to script-src 'self').
  const worker = new Worker(new URL('./prompt-count.worker.ts', import.meta.url), {
    type: 'module',
    name: 'prompt-count',
  })
  const created = createPromptCountClient((request) => worker.postMessage(request), loadInThread)
  worker.onmessage = (event: MessageEvent<PromptCountAnswer>) => created.receive(event.data)
  worker.onerror = () => {
    worker.terminate()
    created.fail()
  }
  client = created
  return client
}
