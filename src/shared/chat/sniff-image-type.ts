/** The image types both dialects accept (Messages lists exactly these four). */
export type ImageMediaType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp'

/** Bytes needed to recognise every type below (WebP's `RIFF....WEBP` is the longest). */
export const IMAGE_SIGNATURE_BYTES = 12

const ascii = (text: string): number[] => [...text].map((char) => char.charCodeAt(0))

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  return signature.every((byte, index) => bytes[offset + index] === byte)
}

/**
 * The image type the bytes say, from their signature ("magic number"), or undefined when they are
 * none of the four. A file's name and its declared MIME type are guesses from the extension: a text
 * file renamed to .png says image/png and would be sent as one (a broken thumbnail, then a 400).
 * Hand-written rather than a library: four fixed signatures, and it must stay pure for src/shared.
 */
export function sniffImageMediaType(bytes: Uint8Array): ImageMediaType | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png'
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg'
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif'
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp'
  return undefined
}
