import { describe, expect, it } from 'vitest'
import { IMAGE_SIGNATURE_BYTES, sniffImageMediaType } from './sniff-image-type'

const bytes = (...parts: Array<number[] | string>): Uint8Array =>
  Uint8Array.from(
    parts.flatMap((part) => (typeof part === 'string' ? [...Buffer.from(part, 'latin1')] : part)),
  )

// The first bytes of real files of each type (a 1×1 PNG, a JFIF JPEG, a GIF89a, a lossy WebP).
const SAMPLES = {
  'image/png': bytes([0x89], 'PNG\r\n\x1a\n', [0, 0, 0, 13], 'IHDR'),
  'image/jpeg': bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], 'JFIF'),
  'image/gif': bytes('GIF89a', [1, 0, 1, 0]),
  'image/webp': bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '),
} as const

describe('sniffImageMediaType', () => {
  for (const [type, sample] of Object.entries(SAMPLES)) {
    it(`recognises ${type} by its bytes`, () => {
      expect(sniffImageMediaType(sample)).toBe(type)
    })
  }

  it('refuses text, however the file is named', () => {
    expect(sniffImageMediaType(bytes('hello, this is not an image\n'))).toBeUndefined()
    expect(sniffImageMediaType(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined()
    expect(sniffImageMediaType(bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '))).toBeUndefined()
    expect(sniffImageMediaType(new Uint8Array())).toBeUndefined()
  })

  it('needs no more than IMAGE_SIGNATURE_BYTES bytes, and never recognises a cut signature', () => {
    for (const sample of Object.values(SAMPLES)) {
      const signatureLength = sample[0] === 0xff ? 3 : sample[0] === 0x47 ? 6 : sample[0] === 0x89 ? 8 : 12
      expect(sniffImageMediaType(sample.slice(0, IMAGE_SIGNATURE_BYTES))).toBeDefined()
      expect(sniffImageMediaType(sample.slice(0, signatureLength - 1))).toBeUndefined()
    }
  })
})
