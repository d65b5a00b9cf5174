import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  TemplateError,
  VARIABLE_NAME,
  fillRequest,
  fillTemplate,
  findRequestVariables,
  findTemplateVariables,
} from './template'

const name = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_.-]{0,10}$/)
// Literal text without braces, so the pieces alone decide where variables are.
const literal = fc.string({ maxLength: 12 }).map((s) => s.replace(/[{}]/g, ''))
const spaces = fc.constantFrom('', ' ', '  ', '\t')
/** A template as pieces: literal text and variables (with optional spaces inside the braces). */
const pieces = fc.array(
  fc.oneof(
    literal.map((text) => ({ kind: 'text' as const, text })),
    fc
      .tuple(name, spaces, spaces)
      .map(([n, a, b]) => ({ kind: 'var' as const, name: n, source: `{{${a}${n}${b}}}` })),
  ),
  { maxLength: 8 },
)
type Piece = { kind: 'text'; text: string } | { kind: 'var'; name: string; source: string }
const render = (ps: Piece[]) => ps.map((p) => (p.kind === 'text' ? p.text : p.source)).join('')
const usedNames = (ps: Piece[]) => [...new Set(ps.flatMap((p) => (p.kind === 'var' ? [p.name] : [])))]
// Values may hold braces and whole placeholders: they must come out literally.
const value = fc.oneof(
  fc.string({ maxLength: 10 }),
  name.map((n) => `{{${n}}}`),
  fc.constant('{{{x}}}'),
)

describe('templates', () => {
  it('detects exactly the variables a template was built from, in order of first use', () => {
    fc.assert(
      fc.property(pieces, (ps) => {
        expect(findTemplateVariables(render(ps))).toEqual(usedNames(ps))
      }),
    )
  })

  it('fills each variable with its value, once, and never expands braces inside values', () => {
    fc.assert(
      fc.property(
        pieces.chain((ps) =>
          fc.tuple(
            fc.constant(ps),
            fc
              .tuple(...usedNames(ps).map((n) => fc.tuple(fc.constant(n), value)))
              .map((e) => Object.fromEntries(e)),
          ),
        ),
        ([ps, values]) => {
          const expected = ps.map((p) => (p.kind === 'text' ? p.text : values[p.name])).join('')
          expect(fillTemplate(render(ps), values)).toBe(expected)
        },
      ),
    )
  })

  it('names every missing variable in one clear error', () => {
    fc.assert(
      fc.property(
        pieces.filter((ps) => usedNames(ps).length > 0),
        fc.nat(),
        (ps, pick) => {
          const names = usedNames(ps)
          const dropped = names[pick % names.length] as string
          const values = Object.fromEntries(names.filter((n) => n !== dropped).map((n) => [n, 'v']))
          let error: unknown
          try {
            fillTemplate(render(ps), values)
          } catch (e) {
            error = e
          }
          expect(error).toBeInstanceOf(TemplateError)
          expect((error as TemplateError).missing).toEqual([dropped])
          expect((error as TemplateError).message).toContain(`{{${dropped}}}`)
        },
      ),
    )
  })

  it('refuses values for variables the request does not use, unless asked to allow them', () => {
    const request = { system: 'You answer about {{city}}.', messages: [] }
    expect(() => fillRequest(request, { city: 'Oslo', cty: 'x' })).toThrow(
      'The template has no {{cty}} (it uses {{city}}).',
    )
    expect(fillRequest(request, { city: 'Oslo', cty: 'x' }, { allowUnknown: true }).system).toBe(
      'You answer about Oslo.',
    )
  })

  it('fills the system prompt and the text of every message, leaving images and tool calls alone', () => {
    const image = { type: 'image' as const, source: { kind: 'url' as const, url: 'https://x/{{a}}.png' } }
    const call = { type: 'tool-call' as const, id: 'c1', name: 'f', arguments: '{"q":"{{a}}"}' }
    const request = {
      model: 'm',
      stream: false,
      system: 'S {{a}}',
      messages: [
        { role: 'user' as const, content: [{ type: 'text' as const, text: 'U {{ b }}' }, image] },
        { role: 'assistant' as const, content: [{ type: 'text' as const, text: 'A {{a}}' }, call] },
        { role: 'tool' as const, toolCallId: 'c1', content: 'T {{b}}' },
      ],
    }
    expect(findRequestVariables(request)).toEqual(['a', 'b'])
    const filled = fillRequest(request, { a: '1', b: '{{a}}' })
    expect(filled.system).toBe('S 1')
    expect(filled.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'U {{a}}' }, image] },
      { role: 'assistant', content: [{ type: 'text', text: 'A 1' }, call] },
      { role: 'tool', toolCallId: 'c1', content: 'T {{a}}' },
    ])
    expect(filled.model).toBe('m')
  })

  it('leaves double braces that do not hold a name as text', () => {
    const text = 'JSON {{"a": 1}} and {{ two words }} and {{}} stay; {{ok}} goes'
    expect(findTemplateVariables(text)).toEqual(['ok'])
    expect(fillTemplate(text, { ok: 'X' })).toBe('JSON {{"a": 1}} and {{ two words }} and {{}} stay; X goes')
  })
})

describe('variable names', () => {
  it('__proto__ is never a variable (as a key it would set a prototype, not a value)', () => {
    expect(findTemplateVariables('{{__proto__}} {{__proto__x}} {{a}}')).toEqual(['__proto__x', 'a'])
    expect(VARIABLE_NAME.test('__proto__')).toBe(false)
    expect(VARIABLE_NAME.test('__proto__x')).toBe(true)
  })
})
