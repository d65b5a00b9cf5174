import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  answerTailRender,
  createTailRenderClient,
  type RenderedBlock,
  type TailRenderRequest,
} from './tail-render-protocol'

const fakeRender = (text: string): string => `<p>${text}</p>`

/** A client wired to a fake worker whose answers the test releases, in any order it likes. */
function harness() {
  const posted: TailRenderRequest[] = []
  const delivered = new Map<number, RenderedBlock[]>()
  const renderedHere: string[] = []
  const client = createTailRenderClient(
    (request) => posted.push(request),
    (text) => {
      renderedHere.push(text)
      return fakeRender(text)
    },
  )
  const render = (id: number, text: string): void =>
    client.render(id, text, (block) => delivered.set(id, [...(delivered.get(id) ?? []), block]))
  const answer = (request: TailRenderRequest): void =>
    client.receive(answerTailRender(request, fakeRender) as NonNullable<ReturnType<typeof answerTailRender>>)
  return { client, posted, delivered, renderedHere, render, answer }
}

describe('answerTailRender (the worker side)', () => {
  it('answers a request with its id, seq and text and the rendered HTML', () => {
    expect(answerTailRender({ id: 3, seq: 7, text: '**hi**' }, fakeRender)).toEqual({
      id: 3,
      seq: 7,
      text: '**hi**',
      html: '<p>**hi**</p>',
    })
  })

  it('ignores anything that is not a request', () => {
    for (const message of [
      null,
      undefined,
      'text',
      42,
      {},
      { id: 1, seq: 1 },
      { id: '1', seq: 1, text: '' },
    ]) {
      expect(answerTailRender(message, fakeRender)).toBeUndefined()
    }
  })
})

describe('the tail render client', () => {
  it('keeps one request per block in flight and sends only the newest text asked for meanwhile', () => {
    const h = harness()
    h.render(1, 'a')
    h.render(1, 'ab')
    h.render(1, 'abc')
    expect(h.posted.map((r) => r.text)).toEqual(['a'])
    h.answer(h.posted[0] as TailRenderRequest)
    expect(h.posted.map((r) => r.text)).toEqual(['a', 'abc'])
    h.answer(h.posted[1] as TailRenderRequest)
    expect(h.delivered.get(1)).toEqual([
      { text: 'a', html: '<p>a</p>' },
      { text: 'abc', html: '<p>abc</p>' },
    ])
  })

  it('does not render again a text that is already being rendered', () => {
    const h = harness()
    h.render(1, 'a')
    h.render(1, 'ab')
    h.answer(h.posted[0] as TailRenderRequest)
    h.render(1, 'ab') // the block re-rendered with the old result before the new one came
    h.answer(h.posted[1] as TailRenderRequest)
    expect(h.posted.map((r) => r.text)).toEqual(['a', 'ab'])
  })

  it('keeps blocks apart', () => {
    const h = harness()
    h.render(1, 'one')
    h.render(2, 'two')
    expect(h.posted.map((r) => [r.id, r.text])).toEqual([
      [1, 'one'],
      [2, 'two'],
    ])
    h.answer(h.posted[1] as TailRenderRequest)
    expect(h.delivered.get(1)).toBeUndefined()
    expect(h.delivered.get(2)).toEqual([{ text: 'two', html: '<p>two</p>' }])
  })

  it('drops the results of a forgotten block', () => {
    const h = harness()
    h.render(1, 'a')
    h.client.forget(1)
    h.answer(h.posted[0] as TailRenderRequest)
    expect(h.delivered.get(1)).toBeUndefined()
  })

  it('renders waiting blocks on the main thread when the worker fails, and every later request too', () => {
    const h = harness()
    h.render(1, 'a')
    h.render(1, 'ab')
    h.client.fail()
    expect(h.delivered.get(1)).toEqual([{ text: 'ab', html: '<p>ab</p>' }])
    h.render(2, 'later')
    expect(h.delivered.get(2)).toEqual([{ text: 'later', html: '<p>later</p>' }])
    expect(h.renderedHere).toEqual(['ab', 'later'])
    expect(h.posted.map((r) => r.text)).toEqual(['a'])
  })

  it('never delivers an older result after a newer one, and ends on the newest text', () => {
    // Steps: the block's text grows, the worker answers a request it was sent (any of them, in any
    // order, even twice: a duplicate or late message must not move the block back).
    const step = fc.oneof(
      fc.record({ kind: fc.constant('grow' as const), chars: fc.string({ minLength: 1, maxLength: 3 }) }),
      fc.record({ kind: fc.constant('answer' as const), pick: fc.nat() }),
    )
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        const h = harness()
        let text = ''
        const asked: string[] = []
        const grow = (chars: string): void => {
          text += chars
          asked.push(text)
          h.render(1, text)
        }
        grow('x')
        for (const s of steps) {
          if (s.kind === 'grow') grow(s.chars)
          else if (h.posted.length > 0) h.answer(h.posted[s.pick % h.posted.length] as TailRenderRequest)
        }
        // Drain: answer whatever is in flight until nothing new is posted.
        for (let answered = 0; answered < h.posted.length; answered++)
          h.answer(h.posted[answered] as TailRenderRequest)

        const shown = h.delivered.get(1) ?? []
        const order = shown.map((block) => asked.lastIndexOf(block.text))
        expect(order.every((index) => index >= 0)).toBe(true)
        // Each delivery is a strictly newer text than the one before it.
        for (let i = 1; i < order.length; i++) expect(order[i]).toBeGreaterThan(order[i - 1] as number)
        expect(shown.at(-1)).toEqual({ text, html: fakeRender(text) })
      }),
    )
  })
})
