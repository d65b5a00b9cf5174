import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { chatBodyLayout } from './chat-body-layout'
import { createChatBodyMemo } from './chat-body-memo'

const utf8 = new TextEncoder()
const strictUtf8 = new TextDecoder('utf-8', { fatal: true })

/** Long enough for the memo to bother (it leaves bodies under 64 KiB to JSON.parse) from its first turn. */
const HISTORY = Array.from({ length: 40 }, (_, i) => ({
  role: i % 2 === 0 ? 'user' : 'assistant',
  content: `turn ${i}: ${'ünïcödé and "quotes" \\ and 😀 '.repeat(i === 0 ? 2500 : 20)}`,
}))

/** What the memo must give: JSON.parse's value, keys in the same order, or nothing. */
function expectSameAsJsonParse(bytes: Uint8Array, got: { value: unknown } | undefined): void {
  if (got === undefined) return
  const whole = JSON.parse(strictUtf8.decode(bytes)) as unknown
  expect(JSON.stringify(got.value)).toBe(JSON.stringify(whole))
  expect(got.value).toEqual(whole)
}

const edgeKey = fc.oneof(
  { weight: 9, arbitrary: fc.constantFrom('model', 'stream', 'max_tokens', '__proto__', '0', '', 'system') },
  { weight: 1, arbitrary: fc.constant('m\\u0065ssages') },
)
const members = fc.array(fc.tuple(edgeKey, fc.jsonValue({ maxDepth: 2 })), { maxLength: 3 })
/** Members before and after `messages`, mostly with no key twice (a repeated key is left to JSON.parse). */
const split = fc
  .tuple(
    fc.uniqueArray(fc.tuple(edgeKey, fc.jsonValue({ maxDepth: 2 })), {
      maxLength: 5,
      selector: ([key]) => key,
    }),
    fc.nat(),
  )
  .map(([all, at]) => [all.slice(0, at % (all.length + 1)), all.slice(at % (all.length + 1))] as const)
const whitespace = fc.constantFrom('', ' ', '\n  ', '\t')

/** A chat body as text: members, `messages`, members, with any whitespace between. */
function bodyText(
  before: Array<[string, unknown]>,
  messages: unknown[],
  after: Array<[string, unknown]>,
  ws: string,
) {
  const member = ([key, value]: [string, unknown]) =>
    `${key.includes('\\') ? `"${key}"` : JSON.stringify(key)}${ws}:${ws}${JSON.stringify(value)}`
  const list = messages.map((message) => JSON.stringify(message)).join(`${ws},${ws}`)
  return `{${ws}${[...before.map(member), `"messages":${ws}[${ws}${list}${ws}]`, ...after.map(member)].join(`${ws},${ws}`)}${ws}}`
}

describe('the chat body memo', () => {
  it('reads a body that begins like a remembered one exactly as JSON.parse does, or leaves it to JSON.parse (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(split, fc.tuple(members, members)),
        fc.array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 4 }),
        fc.oneof(
          fc.uniqueArray(fc.tuple(fc.constantFrom('temperature', 'top_p'), fc.jsonValue({ maxDepth: 1 })), {
            selector: ([key]) => key,
          }),
          members,
        ),
        whitespace,
        fc.integer({ min: 0, max: HISTORY.length }),
        fc.option(
          fc.tuple(fc.nat(), fc.constantFrom('', ',', ']', '}', '"', '\\', '\ufeff', '1', ' ', '\u0000')),
        ),
        ([before, afterNew], added, afterOld, ws, kept, damage) => {
          const memo = createChatBodyMemo()
          const old = utf8.encode(bodyText(before, HISTORY, afterOld, ws))
          memo.remember(old, JSON.parse(strictUtf8.decode(old)))
          let text = bodyText(before, [...HISTORY.slice(0, kept), ...added], afterNew, ws)
          if (damage !== null) {
            // Anything may follow what the two share: a cut, a stray byte, a byte order mark.
            const [seed, insert] = damage
            const at = text.length - (seed % 2000)
            text = text.slice(0, Math.max(0, at)) + insert + text.slice(Math.max(0, at) + (seed % 3))
          }
          const bytes = utf8.encode(text)
          let parsesWhole = true
          try {
            JSON.parse(strictUtf8.decode(bytes))
          } catch {
            parsesWhole = false
          }
          const got = memo.parse(bytes)
          if (!parsesWhole) expect(got).toBeUndefined()
          else expectSameAsJsonParse(bytes, got)
        },
      ),
      { numRuns: 400 },
    )
    // 400 bodies of ~140 KB parsed three ways: seconds on a quiet machine, more on a busy one.
  }, 120_000)

  it('takes the shared messages from the remembered parse: a chat with one more turn parses only that turn', () => {
    const memo = createChatBodyMemo()
    const first = utf8.encode(JSON.stringify({ model: 'm', messages: HISTORY, stream: true }))
    const firstValue = JSON.parse(strictUtf8.decode(first)) as { messages: object[] }
    memo.remember(first, firstValue)
    const turn = { role: 'user', content: 'and one more' }
    const next = utf8.encode(JSON.stringify({ model: 'm', messages: [...HISTORY, turn], stream: true }))
    const got = memo.parse(next)?.value as { messages: object[] } | undefined
    expect(got).toEqual({ model: 'm', messages: [...HISTORY, turn], stream: true })
    // The very objects of the earlier parse, frozen since they are shared.
    expect(got?.messages[0]).toBe(firstValue.messages[0])
    expect(Object.isFrozen(got?.messages[0])).toBe(true)
    // And the request after that finds this one.
    const third = utf8.encode(
      JSON.stringify({ model: 'm', messages: [...HISTORY, turn, turn], stream: true }),
    )
    expect((memo.parse(third)?.value as { messages: object[] }).messages.at(-2)).toBe(got?.messages.at(-1))
  })

  it('takes a message nested far deeper than the stack goes, and reads the next body from it', () => {
    const memo = createChatBodyMemo()
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`
    const text = `{"model":"m","messages":[${deep},{"role":"user","content":"hi"}]}`
    const first = JSON.parse(text) as { messages: unknown[] }
    expect(() => memo.remember(utf8.encode(text), first)).not.toThrow()
    const next = utf8.encode(`${text.slice(0, -2)},{"role":"user","content":"again"}]}`)
    // (Compared by parts: printing or deep-comparing the whole would overflow the test's own stack.)
    const got = memo.parse(next)?.value as { model: string; messages: unknown[] } | undefined
    expect(got?.model).toBe('m')
    expect(got?.messages).toHaveLength(3)
    expect(got?.messages[0]).toBe(first.messages[0])
    expect(got?.messages.slice(1)).toEqual([
      { role: 'user', content: 'hi' },
      { role: 'user', content: 'again' },
    ])
  })

  it('leaves alone what it cannot read from where the bodies part: another conversation, a repeated key', () => {
    const memo = createChatBodyMemo()
    const first = utf8.encode(JSON.stringify({ model: 'm', messages: HISTORY }))
    memo.remember(first, JSON.parse(strictUtf8.decode(first)))
    expect(memo.parse(utf8.encode(JSON.stringify({ model: 'n', messages: HISTORY })))).toBeUndefined()
    const repeated = utf8.encode(
      `${JSON.stringify({ model: 'm', messages: HISTORY }).slice(0, -1)},"model":"x"}`,
    )
    expect(memo.parse(repeated)).toBeUndefined()
    const messagesAgain = utf8.encode(
      `${JSON.stringify({ model: 'm', messages: HISTORY }).slice(0, -1)},"m\\u0065ssages":[]}`,
    )
    expect(memo.parse(messagesAgain)).toBeUndefined()
  })
})

describe('chatBodyLayout', () => {
  it('finds the keys before messages and the end of each message, strings with escapes and brackets included', () => {
    const text = `{ "model" : "a]}\\"", "m\\u0065ssages" : [ {"a":"[\\\\"} , 12 ,"x" ,[1,[2]] ] , "stream":true }`
    const layout = chatBodyLayout(utf8.encode(text))
    expect(layout?.keysBefore).toEqual(['model'])
    expect(layout?.elementEnds.map((end) => text[end - 1])).toEqual(['}', '2', '"', ']'])
    expect(chatBodyLayout(utf8.encode('{"messages":[],"model":"a","model":"b"}'))).toBeUndefined()
    expect(chatBodyLayout(utf8.encode('[1,2]'))).toBeUndefined()
    expect(chatBodyLayout(utf8.encode('{"messages":"none"}'))).toBeUndefined()
  })
})
