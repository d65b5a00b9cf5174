import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { graderSpecSchema } from '@shared/eval/grader-spec'
import { graderFromForm, gradersFromLines, gradersToLines } from './grader-form'

describe('grader form', () => {
  it('builds graders the set file schema accepts, one per kind', () => {
    const built = [
      graderFromForm('contains', 'Oslo'),
      graderFromForm('regex', '/temperature 0\\b/i'),
      graderFromForm('json', '{"type":"object"}'),
      graderFromForm('finish-reason', 'stop'),
      graderFromForm('latency', '5000'),
      graderFromForm('points', '0.05'),
    ]
    for (const spec of built) expect(graderSpecSchema.safeParse(spec).success).toBe(true)
    expect(built[1]).toEqual({ type: 'regex', pattern: 'temperature 0\\b', flags: 'i' })
  })

  it('builds the reasoning and cache graders, and reads their lines back', () => {
    expect(graderFromForm('reasoning-tokens', '2,048')).toEqual({ type: 'reasoning-tokens', max: 2048 })
    expect(graderFromForm('thinking', 'absent')).toEqual({ type: 'thinking', present: false })
    expect(graderFromForm('cache-read', '1024')).toEqual({ type: 'cache-read', min: 1024 })
    const lines = 'reasoning-tokens: 500\nthinking: present\ncache-read: 1024'
    expect(gradersToLines(gradersFromLines(lines))).toBe(lines)
    expect(() => graderFromForm('thinking', 'maybe')).toThrow(/thinking: write present or absent/)
    expect(() => graderFromForm('reasoning-tokens', '1.5')).toThrow(/reasoning-tokens/)
    expect(() => graderFromForm('cache-read', '')).toThrow(/cache-read/)
  })

  it('refuses what the file would refuse, in the schema words', () => {
    expect(() => graderFromForm('latency', 'soon')).toThrow(/latency/)
    expect(() => graderFromForm('json', '{not json')).toThrow(/json/)
    expect(() => graderFromForm('regex', '/x/g')).not.toThrow() // a pattern, not flags: g is not a flag here
    expect(() => gradersFromLines('shout: loud')).toThrow(/unknown grader kind "shout"/)
  })

  it('per-case lines read back as the same graders (property)', () => {
    const value = fc
      .string({ minLength: 1, maxLength: 20 })
      .filter((s) => !s.includes('\n') && s.trim() === s && s !== '')
    const spec = fc.oneof(
      value.map((v) => ({ type: 'contains' as const, value: v })),
      value.map((v) => ({ type: 'equals' as const, value: v })),
      value.map((v) => ({ type: 'finish-reason' as const, reason: v })),
    )
    fc.assert(
      fc.property(fc.array(spec, { maxLength: 4 }), (graders) => {
        expect(gradersFromLines(gradersToLines(graders))).toEqual(graders)
      }),
    )
  })
})
