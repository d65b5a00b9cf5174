import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { cassetteJsonSchema } from './cassette-schema'

describe('docs/cassette.schema.json', () => {
  it('is the schema the code reads cassettes with (regenerate: npm run cassette-schema)', () => {
    const file = JSON.parse(
      readFileSync(new URL('../../../docs/cassette.schema.json', import.meta.url), 'utf8'),
    ) as unknown
    expect(file).toEqual(cassetteJsonSchema())
  })
})
