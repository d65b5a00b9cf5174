import { describe, expect, it } from 'vitest'
import { exampleForPattern } from './regex-example'
import { Sampler } from '../sampler'

const SUPPORTED = [
  '^[A-Z]{3}$',
  '^\\d{4}-\\d{2}-\\d{2}$',
  '^(usd|eur|gbp)$',
  '[a-z0-9_]+',
  '^\\w+@\\w+\\.com$',
  '^\\+?[0-9 ]{7,15}$',
  '^[^@\\s]+$',
  '^(?:v)?\\d+\\.\\d+\\.\\d+$',
  '^#?[0-9a-fA-F]{3}(?:[0-9a-fA-F]{3})?$',
  '^\\u00e9t\\x65$',
  '^a.c$',
  '^[\\-_.]{2}$',
  '^\\S+\\s\\S+$',
  '^[a-z]{2,}$',
  '^x*$',
]

describe('exampleForPattern', () => {
  it('produces a match for the simple patterns tool schemas use, greedy and sampled', () => {
    for (const pattern of SUPPORTED) {
      const regex = new RegExp(pattern, 'u')
      for (let seed = 0; seed < 30; seed++) {
        const text = exampleForPattern(pattern, new Sampler(seed, { greedy: seed === 0 }))
        expect(text, pattern).toBeDefined()
        expect(regex.test(text as string), `${pattern} → ${JSON.stringify(text)}`).toBe(true)
      }
    }
  })

  it('stretches open repetitions to a requested count, within the pattern bounds', () => {
    expect(exampleForPattern('^[a-z]+$', new Sampler(1, { greedy: true }), 9)).toHaveLength(9)
    expect(exampleForPattern('^[a-z]{2,4}$', new Sampler(1, { greedy: true }), 9)).toHaveLength(4)
  })

  it('gives up (undefined) on what it does not generate, so the caller can fall back', () => {
    for (const pattern of ['^(?=.*\\d).+$', '^(a)\\1$', '\\bword\\b', '[unclosed', '(?<name>x)']) {
      expect(exampleForPattern(pattern, new Sampler(1, { greedy: true })), pattern).toBeUndefined()
    }
  })
})
