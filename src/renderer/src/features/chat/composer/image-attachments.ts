import type { ImagePart } from '@shared/chat/chat-request'
import {
  IMAGE_SIGNATURE_BYTES,
  sniffImageMediaType,
  type ImageMediaType,
} from '@shared/chat/sniff-image-type'

/** The image types both dialects accept (Messages lists exactly these four). */
export const IMAGE_MEDIA_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
] as const satisfies readonly ImageMediaType[]
/** Messages refuses images over 5 MB; the same limit for both keeps compare mode fair. */
const MAX_IMAGE_BYTES = 5 * 1024 * 1024

export type ImageReadResult = { images: ImagePart[]; problems: string[] }

function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}

/** Why a file of this size cannot be attached, in words for the user; undefined when it can. */
function imageSizeProblem(file: { name: string; size: number }): string | undefined {
  if (file.size > MAX_IMAGE_BYTES) {
    return `${file.name || 'The image'} is ${formatMegabytes(file.size)}; images can be at most 5 MB.`
  }
  return undefined
}

/**
 * The type the file's first bytes say, or why it is refused. The bytes decide, not the name or the
 * declared type (both come from the extension): a text file named .png is refused, and a JPEG named
 * .png is sent as image/jpeg, which is what the model service checks.
 */
async function sniffFile(
  file: Blob & { name: string },
): Promise<{ type: ImageMediaType } | { problem: string }> {
  const head = new Uint8Array(await file.slice(0, IMAGE_SIGNATURE_BYTES).arrayBuffer())
  const type = sniffImageMediaType(head)
  if (type) return { type }
  return {
    problem: `${file.name || 'The file'} is not an image: its contents are not PNG, JPEG, GIF or WebP${
      file.type.startsWith('image/') ? ', whatever its name says' : ''
    }.`,
  }
}

function readAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => {
      const url = String(reader.result)
      resolve(url.slice(url.indexOf(',') + 1))
    }
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'))
    reader.readAsDataURL(file)
  })
}

/** Files (picked, pasted or dropped) as image parts with their media type; refusals explained. */
export async function readImageFiles(files: readonly File[]): Promise<ImageReadResult> {
  const result: ImageReadResult = { images: [], problems: [] }
  for (const file of files) {
    const problem = imageSizeProblem(file)
    if (problem) {
      result.problems.push(problem)
      continue
    }
    try {
      const sniffed = await sniffFile(file)
      if ('problem' in sniffed) {
        result.problems.push(sniffed.problem)
        continue
      }
      const data = await readAsBase64(file)
      result.images.push({ type: 'image', source: { kind: 'base64', mediaType: sniffed.type, data } })
    } catch (error) {
      result.problems.push(`${file.name}: ${(error as Error).message}`)
    }
  }
  return result
}

/** A data URL to show an attached image (only the accepted types: nothing else is put in an img). */
export function imageDataUrl(part: ImagePart): string | undefined {
  if (part.source.kind !== 'base64') return undefined
  if (!(IMAGE_MEDIA_TYPES as readonly string[]).includes(part.source.mediaType)) return undefined
  return `data:${part.source.mediaType};base64,${part.source.data}`
}
