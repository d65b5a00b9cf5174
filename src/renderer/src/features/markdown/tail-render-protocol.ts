/**
 * The protocol between the renderer and the markdown worker that renders the growing tail block of a
 * streaming reply off the main thread (issue 15, performance.md R1/R4 at 4× CPU throttle).
 *
 * The main thread asks for `{ id, seq, text }` (id: one block on screen; seq: that block's request
 * counter) and gets `{ id, seq, text, html }` back. The client keeps at most one request per block in
 * flight and remembers only the newest text asked for meanwhile (a tail that grows every frame would
 * otherwise queue renders the worker can never catch up with), and it never delivers a result older
 * than one already delivered for that block.
 */

export type TailRenderRequest = { id: number; seq: number; text: string }
export type TailRenderResult = { id: number; seq: number; text: string; html: string }
export type RenderedBlock = { text: string; html: string }

/** The worker's side: one request in, one result out (anything malformed is ignored). */
export function answerTailRender(
  message: unknown,
  render: (text: string) => string,
): TailRenderResult | undefined {
  if (typeof message !== 'object' || message === null) return undefined
  const { id, seq, text } = message as Partial<TailRenderRequest>
  if (typeof id !== 'number' || typeof seq !== 'number' || typeof text !== 'string') return undefined
  return { id, seq, text, html: render(text) }
}

export type TailRenderClient = {
  /** Asks for `text` rendered; `deliver` gets results for this block, newest last, never older ones. */
  render: (id: number, text: string, deliver: (block: RenderedBlock) => void) => void
  /** A result from the worker. */
  receive: (result: TailRenderResult) => void
  /** The block left the screen or stopped growing: its pending and late results are dropped. */
  forget: (id: number) => void
  /** The worker cannot work (failed to load, crashed): waiting blocks and later calls render here. */
  fail: () => void
}

type BlockState = {
  /** Last seq posted for this block. */
  posted: number
  /** Seq of the request the worker is working on, if any, and its text. */
  inFlight: number | undefined
  inFlightText: string
  /** Newest text asked for while a request was in flight. */
  pending: string | undefined
  /** Newest seq delivered. */
  delivered: number
  /** Newest text asked for at all (what a failed worker's fallback renders). */
  latest: string
  deliver: (block: RenderedBlock) => void
}

export function createTailRenderClient(
  post: (request: TailRenderRequest) => void,
  renderHere: (text: string) => string,
): TailRenderClient {
  const blocks = new Map<number, BlockState>()
  let failed = false

  const send = (id: number, state: BlockState, text: string): void => {
    state.posted += 1
    state.inFlight = state.posted
    state.inFlightText = text
    state.pending = undefined
    post({ id, seq: state.posted, text })
  }

  return {
    render(id, text, deliver) {
      if (failed) {
        deliver({ text, html: renderHere(text) })
        return
      }
      let state = blocks.get(id)
      if (state === undefined) {
        state = {
          posted: 0,
          inFlight: undefined,
          inFlightText: '',
          pending: undefined,
          delivered: 0,
          latest: text,
          deliver,
        }
        blocks.set(id, state)
      }
      state.deliver = deliver
      state.latest = text
      if (state.inFlight === undefined) send(id, state, text)
      // Asking again for the text being rendered (a re-render before its result came) is not new work.
      else state.pending = text === state.inFlightText ? undefined : text
    },
    receive(result) {
      const state = blocks.get(result.id)
      if (state === undefined) return
      if (result.seq === state.inFlight) state.inFlight = undefined
      if (result.seq > state.delivered) {
        state.delivered = result.seq
        state.deliver({ text: result.text, html: result.html })
      }
      if (state.inFlight === undefined && state.pending !== undefined) send(result.id, state, state.pending)
    },
    forget(id) {
      blocks.delete(id)
    },
    fail() {
      if (failed) return
      failed = true
      for (const state of blocks.values()) {
        if (state.inFlight !== undefined || state.pending !== undefined) {
          state.deliver({ text: state.latest, html: renderHere(state.latest) })
        }
      }
      blocks.clear()
    },
  }
}
