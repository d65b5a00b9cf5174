import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createLogger } from './logger'
import { createRedactor, REDACTED } from './redact'

const KEY = 'sk-CANARY-0123456789abcdef'

describe('createRedactor', () => {
  const { redact, redactText } = createRedactor(() => [KEY])

  it('removes the key from text, Bearer tokens and credential headers, at any depth', () => {
    const error = new Error(`request with ${KEY} failed`, { cause: new Error(`cause mentions ${KEY}`) })
    const value = {
      headers: { Authorization: `Bearer ${KEY}`, 'X-Api-Key': KEY, accept: 'application/json' },
      nested: [{ note: `key=${KEY}` }, `Bearer abc.def-123`],
      error,
    }
    const text = JSON.stringify(redact(value))
    expect(text).not.toContain(KEY)
    expect(text).not.toContain('abc.def-123')
    expect(text).toContain('application/json')
    expect(text).toContain(REDACTED)
    expect(redactText(`curl -H "x-api-key: ${KEY}"`)).toBe(`curl -H "x-api-key: ${REDACTED}"`)
  })

  it('never lets the key through, whatever surrounds it', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (before, after) => {
        expect(redactText(before + KEY + after)).not.toContain(KEY)
        expect(JSON.stringify(redact({ deep: [{ x: before + KEY + after }] }))).not.toContain(KEY)
      }),
    )
  })

  it('survives cycles', () => {
    const a: Record<string, unknown> = { key: KEY }
    a['self'] = a
    expect(JSON.stringify(redact(a))).not.toContain(KEY)
  })
})

describe('createLogger', () => {
  it('redacts at the sink', () => {
    const lines: string[] = []
    const log = createLogger({ write: (line) => lines.push(line), secrets: () => [KEY] })
    log.error(`failed with ${KEY}`, { headers: { authorization: `Bearer ${KEY}` }, error: new Error(KEY) })
    expect(lines).toHaveLength(1)
    expect(lines[0]).not.toContain(KEY)
    expect(lines[0]).toContain('failed with')
  })
})
