// The conversation bench:render opens: 1,048,576 o200k tokens of mixed markdown, deterministic.
import { countTextTokens } from '@shared/tokens/count-text-tokens'
import type { Conversation, Pane, ReplyRecord, StoredMessage } from '@shared/history/conversation'
import { seededRandom, type Random } from './seeded-random'

export const BENCH_CONVERSATION_ID = 'bench-1m-tokens'
/** The model with a 1,048,576-token context: the only one a conversation this long fits. */
const BENCH_MODEL = 'vendora-V4-Flash-Vision-Exp'

const WORDS = (
  'the gateway streams tokens through a parser that never copies what it already read while every ' +
  'reply keeps its own footer with usage figures latency and the finish reason of the dialect so a ' +
  'user can compare both wire formats side by side before choosing one for production traffic and ' +
  'nothing here is measured against a wall clock except the pacing of the simulated model'
).split(' ')
const CJK_SENTENCES = [
  '模型网关把两种对话格式翻译成同一种内部表示，然后再编码回去。',
  '流式输出的每一个片段都会在下一帧之前提交，所以界面不会卡顿。',
  '長い会話でも、画面に見えている部分だけを描画するので、メモリの使用量は一定に保たれます。',
  '토큰 단위로 전송되는 응답은 프레임마다 한 번씩 화면에 반영됩니다.',
  '这段文字故意混合了中文、日文和韩文，用来检验分词、换行和字体回退。',
  '每个代码块都有语言标签和复制按钮，表格可以横向滚动。',
] as const
const LANGUAGES = ['ts', 'python', 'json', 'bash', 'rust', 'go', 'sql', ''] as const
const CODE_LINES = [
  'const reply = await gateway.chat({ model, dialect, messages })',
  'for (const part of reply.parts) if (part.type === "text-delta") text += part.text',
  'def stream(request):\n    for event in parse_sse(request.body):\n        yield event.data',
  'curl -sN "$BASE_URL/chat/completions" -H "authorization: Bearer $KEY" -d @request.json',
  'SELECT model, count(*) AS replies, avg(ttft_ms) FROM runs GROUP BY model ORDER BY replies DESC;',
  'fn parse(chunk: &[u8]) -> Result<Vec<Event>, Error> { decoder.feed(chunk) }',
  'if err := stream.Close(); err != nil { log.Printf("close: %v", err) }',
  '{ "id": "msg_01", "type": "message", "usage": { "input_tokens": 12, "output_tokens": 345 } }',
] as const

function words(random: Random, count: number): string {
  const out: string[] = []
  for (let i = 0; i < count; i++) out.push(random.pick(WORDS))
  return out.join(' ')
}

function sentence(random: Random): string {
  const text = words(random, random.int(6, 18))
  const decorated = random.chance(0.2)
    ? text.replace(/ (\w+) /, ' `$1` ')
    : random.chance(0.15)
      ? text.replace(/ (\w+ \w+) /, ' **$1** ')
      : random.chance(0.05)
        ? `${text} (see [the spec](https://example.com/spec#${random.int(1, 99)}))`
        : text
  return decorated.charAt(0).toUpperCase() + decorated.slice(1) + '.'
}

function paragraph(random: Random): string {
  const sentences: string[] = []
  for (let i = random.int(2, 6); i > 0; i--) sentences.push(sentence(random))
  return sentences.join(' ')
}

function list(random: Random): string {
  const ordered = random.chance(0.4)
  const items: string[] = []
  for (let i = 1; i <= random.int(3, 8); i++) {
    items.push(`${ordered ? `${i}.` : '-'} ${sentence(random)}`)
    if (random.chance(0.2)) items.push(`   - ${sentence(random)}`)
  }
  return items.join('\n')
}

function table(random: Random): string {
  const columns = random.int(3, 6)
  const rows = random.int(4, 24)
  const head = Array.from({ length: columns }, (_, i) => `col ${i + 1} ${random.pick(WORDS)}`)
  const lines = [`| ${head.join(' | ')} |`, `|${' --- |'.repeat(columns)}`]
  for (let r = 0; r < rows; r++) {
    const cells = Array.from({ length: columns }, () =>
      random.chance(0.3) ? String(random.int(0, 99999)) : words(random, random.int(1, 4)),
    )
    lines.push(`| ${cells.join(' | ')} |`)
  }
  return lines.join('\n')
}

function codeFence(random: Random): string {
  const lines: string[] = []
  for (let i = random.int(4, 60); i > 0; i--) {
    const indent = '  '.repeat(random.int(0, 3))
    lines.push(indent + random.pick(CODE_LINES))
    if (random.chance(0.1)) lines.push('')
  }
  return '```' + random.pick(LANGUAGES) + '\n' + lines.join('\n') + '\n```'
}

function cjk(random: Random): string {
  const parts: string[] = []
  for (let i = random.int(2, 8); i > 0; i--) parts.push(random.pick(CJK_SENTENCES))
  return parts.join('')
}

/** One line of thousands of characters: prose without a break, or minified JSON (> 5,000: plain text). */
function longLine(random: Random): string {
  if (random.chance(0.5)) {
    const entries: string[] = []
    for (let i = random.int(80, 260); i > 0; i--) entries.push(`"k${i}":${random.int(0, 1e6)}`)
    return `{${entries.join(',')}}`
  }
  return words(random, random.int(300, 1200))
}

function heading(random: Random): string {
  return `${'#'.repeat(random.int(2, 4))} ${sentence(random).slice(0, 60)}`
}

function quote(random: Random): string {
  return `> ${paragraph(random)}\n> ${sentence(random)}`
}

function block(random: Random): string {
  const roll = random.next()
  if (roll < 0.38) return paragraph(random)
  if (roll < 0.52) return list(random)
  if (roll < 0.62) return codeFence(random)
  if (roll < 0.7) return table(random)
  if (roll < 0.78) return cjk(random)
  if (roll < 0.86) return heading(random)
  if (roll < 0.92) return quote(random)
  return longLine(random)
}

/** Markdown of about `tokens` o200k tokens (blocks are added until the estimate reaches it). */
function markdown(random: Random, tokens: number): string {
  const blocks: string[] = []
  let chars = 0
  // ~3.6 characters per token for this mix; the exact count is taken afterwards.
  while (chars < tokens * 3.6) {
    const next = block(random)
    blocks.push(next)
    chars += next.length + 2
  }
  return blocks.join('\n\n')
}

/** Lengths of replies: mostly a few thousand tokens, now and then a very long one. */
function replyTokens(random: Random): number {
  const roll = random.next()
  if (roll < 0.03) return random.int(30_000, 60_000)
  if (roll < 0.2) return random.int(6_000, 15_000)
  return random.int(300, 5_000)
}

function replyRecord(
  random: Random,
  dialect: Pane['dialect'],
  outputTokens: number,
  at: number,
): ReplyRecord {
  return {
    dialect,
    model: BENCH_MODEL,
    state: 'completed',
    finish:
      dialect === 'openai-chat' ? { unified: 'stop', raw: 'stop' } : { unified: 'stop', raw: 'end_turn' },
    usage: { inputTokens: random.int(1000, 500_000), outputTokens },
    metrics: {
      ttftMs: random.int(80, 900),
      totalMs: random.int(2000, 60_000),
      tokensPerSecond: 3000,
      outputTokens,
    },
    adjustments: [],
    createdAt: at,
  }
}

export type BenchConversation = {
  conversation: Conversation
  /** o200k tokens of all message text, both panes. */
  tokens: number
  tokensPerPane: [number, number]
  messagesPerPane: [number, number]
  bytes: number
}

/**
 * Two panes (OpenAI chat and Anthropic messages, the same 1M-context model), the same user turns, each
 * pane its own replies, `totalTokens` o200k tokens of message text in all, exactly: the last reply of
 * each pane is trimmed to the count. A pane sends its own transcript, so each pane's prompt is half
 * the conversation and leaves the model room to answer.
 */
export function buildBenchConversation(totalTokens: number, seed = 20260101): BenchConversation {
  const userRandom = seededRandom(seed)
  const paneRandoms = [seededRandom(seed + 1), seededRandom(seed + 2)] as const
  const perPane = [Math.floor(totalTokens / 2), totalTokens - Math.floor(totalTokens / 2)] as const
  const dialects = ['openai-chat', 'anthropic-messages'] as const
  const messages: [StoredMessage[], StoredMessage[]] = [[], []]
  const counted: [number, number] = [0, 0]
  const start = Date.UTC(2026, 0, 1)
  const done = [false, false]
  let turn = 0

  while (!done[0] || !done[1]) {
    const userText = userRandom.chance(0.08)
      ? `Here is a document:\n\n${markdown(userRandom, userRandom.int(1_000, 6_000))}`
      : sentence(userRandom)
    const userTokens = countTextTokens(userText)
    const at = start + turn * 60_000
    for (const pane of [0, 1] as const) {
      if (done[pane]) continue
      const room = perPane[pane] - counted[pane] - userTokens
      // Too little room for another turn: the pane ends on a reply, padded to the exact count below.
      if (room < 200) {
        done[pane] = true
        continue
      }
      messages[pane].push({ id: `u${turn}`, role: 'user', content: [{ type: 'text', text: userText }] })
      const random = paneRandoms[pane]
      let text = markdown(random, Math.min(replyTokens(random), room))
      if (countTextTokens(text) > room) text = trimToTokens(text, room)
      const tokens = countTextTokens(text)
      messages[pane].push({
        id: `a${turn}-${pane}`,
        role: 'assistant',
        content: [{ type: 'text', text }],
        reply: replyRecord(random, dialects[pane], tokens, at + 30_000),
      })
      counted[pane] += userTokens + tokens
    }
    turn++
  }
  for (const pane of [0, 1] as const) {
    counted[pane] += padToTokens(messages[pane], perPane[pane] - counted[pane])
  }

  const conversation: Conversation = {
    version: 1,
    id: BENCH_CONVERSATION_ID,
    title: 'Benchmark: 1,048,576 tokens of mixed markdown',
    createdAt: start,
    updatedAt: start + turn * 60_000,
    system: '',
    // max_tokens explicit: Messages requires one, and its default would cut the streamed reply short.
    params: { stop: [], stream: true, maxTokens: 131_072 },
    panes: dialects.map((dialect, pane) => ({
      id: `pane-${pane + 1}`,
      dialect,
      model: BENCH_MODEL,
      messages: messages[pane as 0 | 1],
    })),
  }
  return {
    conversation,
    tokens: counted[0] + counted[1],
    tokensPerPane: counted,
    messagesPerPane: [messages[0].length, messages[1].length],
    bytes: Buffer.byteLength(JSON.stringify(conversation)),
  }
}

/** The longest prefix of `text` (cut at a space) with at most `tokens` tokens. */
function trimToTokens(text: string, tokens: number): string {
  let low = 0
  let high = text.length
  while (low < high) {
    const middle = Math.ceil((low + high) / 2)
    if (countTextTokens(text.slice(0, middle)) <= tokens) low = middle
    else high = middle - 1
  }
  let cut = low
  // Never end on half a surrogate pair.
  const code = text.charCodeAt(cut - 1)
  if (code >= 0xd800 && code <= 0xdbff) cut--
  return text.slice(0, cut)
}

/** Adds ` ok` words (a token each) to the last text until the count is exact; returns the tokens added. */
function padToTokens(messages: StoredMessage[], missing: number): number {
  const last = messages.at(-1)
  const part = last?.role === 'assistant' ? last.content[0] : undefined
  if (!part || part.type !== 'text') throw new Error('no reply text to pad')
  const original = countTextTokens(part.text)
  const base = part.text
  let added = 0
  for (let guard = 0; added !== missing && guard < 50; guard++) {
    part.text = base + ' ok'.repeat(Math.max(0, missing - added + (part.text.length - base.length) / 3))
    added = countTextTokens(part.text) - original
  }
  if (added !== missing) throw new Error(`could not reach the exact token count (${missing - added} off)`)
  return added
}
