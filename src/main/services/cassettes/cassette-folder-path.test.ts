import path from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { cassetteFolderSchema } from '@shared/settings/cassette-folder'
import { cassetteFolderPath } from './cassette-folder-path'

const DATA = '/home/user/.config/playground'
const ROOT = path.join(DATA, 'cassettes')

describe("a profile's cassette folder on disk", () => {
  it("a name lands under the data folder's cassettes/, a full path stays as the user gave it", () => {
    expect(cassetteFolderPath(DATA, 'my-recordings')).toBe(path.join(ROOT, 'my-recordings'))
    expect(cassetteFolderPath(DATA, 'team/ci tapes')).toBe(path.join(ROOT, 'team', 'ci tapes'))
    expect(cassetteFolderPath(DATA, '/srv/tapes/')).toBe('/srv/tapes')
  })

  it.each([
    ['../outside', /cannot go up/],
    ['tapes/../../etc', /cannot go up/],
    ['/srv/tapes/../../etc', /cannot go up/],
    ['tapes\u0000.json', /control characters/],
    ['', /Give a folder/],
    ['.', /neither a full path/],
    ['C:\\tapes', /neither a full path on this system/],
  ])('refuses %j, saying why', (folder, message) => {
    expect(() => cassetteFolderPath(DATA, folder)).toThrow(message)
  })

  it('the profile schema (checked in the renderer and at the IPC edge) already refuses going up', () => {
    for (const folder of ['..', 'a/../b', 'a\\..\\b', '/x/..']) {
      expect(cassetteFolderSchema.safeParse(folder).success).toBe(false)
    }
  })

  it('whatever the user types, a folder that is not a full path never lands outside cassettes/', () => {
    const segment = fc.oneof(
      fc.constantFrom('..', '.', '', 'a', '~', 'C:', '%2e%2e', '…'),
      fc.string({ maxLength: 6 }),
    )
    const folder = fc
      .tuple(fc.array(segment, { minLength: 1, maxLength: 6 }), fc.constantFrom('/', '\\'))
      .map(([segments, separator]) => segments.join(separator))
      .filter((value) => !path.isAbsolute(value))
    fc.assert(
      fc.property(folder, (typed) => {
        let resolved: string
        try {
          resolved = cassetteFolderPath(DATA, typed)
        } catch {
          return // refused: nothing is written anywhere
        }
        expect(resolved.startsWith(ROOT + path.sep)).toBe(true)
      }),
      { numRuns: 500 },
    )
  })
})
