import type { AnthropicStreamFrames, TextBlockKind } from './anthropic-stream-frames'

type ToolCall = {
  id: string
  name: string
  /** Arguments received while the call waited for its turn to become a block. */
  pending: string
  /** tool-call-start arrived (a delta may come first: then id and name are unknown yet). */
  hasHeader: boolean
  ended: boolean
  /** Its block was written and closed: later fragments have nowhere to go. */
  flushed: boolean
  ordinal: number
}

type Segment =
  | { kind: TextBlockKind; text: string }
  /** The end of a thinking block: its signature. */
  | { kind: 'signature'; signature: string }
  | { kind: 'redacted'; data: string }
  | { kind: 'tool'; index: number }

/**
 * The order of a reply's content blocks on the Messages wire, where blocks come strictly one after
 * another. OpenAI may interleave tool calls by index, so a tool call streams live only while it is the
 * open block; everything that arrives meanwhile (other calls, text) waits in order and is written when
 * that block closes (C3 item 8). Text and thinking never wait on each other: a new block simply opens.
 * A thinking block ends at its signature, so thinking after a signature opens a block of its own.
 */
export class AnthropicBlockOrder {
  private readonly tools = new Map<number, ToolCall>()
  private readonly waiting: Segment[] = []
  /** The index of the tool call whose block is open and streaming. */
  private liveTool: number | undefined
  private toolOrdinal = 0

  constructor(private readonly frames: AnthropicStreamFrames) {}

  text(kind: TextBlockKind, text: string): void {
    if (text === '') return
    if (this.liveTool === undefined && this.waiting.length === 0) {
      this.frames.writeText(kind, text)
      return
    }
    const tail = this.waiting[this.waiting.length - 1]
    if (tail !== undefined && tail.kind === kind) tail.text += text
    else this.waiting.push({ kind, text })
  }

  /** The thinking written so far is signed: its block ends. */
  signature(signature: string): void {
    this.inline({ kind: 'signature', signature })
  }

  redacted(data: string): void {
    this.inline({ kind: 'redacted', data })
  }

  /** A segment that is not a tool call: written now, or after what waits. */
  private inline(segment: Exclude<Segment, { kind: 'tool' }>): void {
    if (this.liveTool === undefined && this.waiting.length === 0) this.write(segment)
    else this.waiting.push(segment)
  }

  private write(segment: Exclude<Segment, { kind: 'tool' }>): void {
    switch (segment.kind) {
      case 'text':
      case 'thinking':
        this.frames.writeText(segment.kind, segment.text)
        return
      case 'signature':
        this.frames.writeSignature(segment.signature)
        return
      case 'redacted':
        this.frames.writeRedacted(segment.data)
        return
      default: {
        const unreachable: never = segment
        throw new Error(`unknown segment ${JSON.stringify(unreachable)}`)
      }
    }
  }

  toolStart(index: number, id: string, name: string): void {
    const call = this.tools.get(index)
    if (call === undefined) {
      this.newCall(index, id, name, true)
    } else {
      // A repeated header, or the header after early fragments: fill in what is still unknown.
      if (call.id === '') call.id = id
      if (call.name === '') call.name = name
      call.hasHeader = true
    }
    this.drain(false)
  }

  toolDelta(index: number, argumentsDelta: string): void {
    if (argumentsDelta === '') return
    const call = this.tools.get(index)
    if (call === undefined) {
      this.newCall(index, '', '', false).pending = argumentsDelta
      return
    }
    if (index === this.liveTool) this.frames.writeArguments(argumentsDelta)
    // A fragment for a call already written (it was cut off by a finish) is lost: Messages blocks
    // cannot reopen. Legal part sequences do not do this.
    else if (!call.flushed) call.pending += argumentsDelta
  }

  toolEnd(index: number): void {
    const call = this.tools.get(index)
    if (call === undefined) return
    call.ended = true
    if (index === this.liveTool) {
      call.flushed = true
      this.frames.closeBlock()
      this.liveTool = undefined
    }
    this.drain(false)
  }

  /** Before finish, end or error: every block written and closed, nothing left waiting. */
  flushAll(): void {
    if (this.liveTool !== undefined) {
      ;(this.tools.get(this.liveTool) as ToolCall).flushed = true
      this.liveTool = undefined
    }
    this.frames.closeBlock()
    this.drain(true)
    this.frames.closeBlock()
  }

  private newCall(index: number, id: string, name: string, hasHeader: boolean): ToolCall {
    const call: ToolCall = {
      id,
      name,
      pending: '',
      hasHeader,
      ended: false,
      flushed: false,
      ordinal: this.toolOrdinal++,
    }
    this.tools.set(index, call)
    this.waiting.push({ kind: 'tool', index })
    return call
  }

  /** Write what waits, in arrival order, until a tool call that is still streaming takes the block. */
  private drain(force: boolean): void {
    while (this.liveTool === undefined) {
      const head = this.waiting[0]
      if (head === undefined) return
      if (head.kind !== 'tool') {
        this.waiting.shift()
        this.write(head)
        continue
      }
      const call = this.tools.get(head.index) as ToolCall
      // A call whose header has not come yet cannot open its block (id and name go first).
      if (!call.hasHeader && !call.ended && !force) return
      this.waiting.shift()
      this.frames.openToolBlock(call.id, call.ordinal, call.name)
      this.frames.writeArguments(call.pending)
      call.pending = ''
      if (call.ended || force) {
        call.flushed = true
        this.frames.closeBlock()
      } else {
        this.liveTool = head.index
      }
    }
  }
}
