import type { ImagePart } from '../../../../shared/chat/chat-request'

/** The image types both dialects accept (Messages lists exactly these four). */
export const IMAGE_MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const
/** Messages refuses images over 5 MB; the same limit for both keeps compare mode fair. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024

export type ImageReadResult = { images: ImagePart[]; problems: string[] }

function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}

/** Why a file cannot be attached, in words for the user; undefined when it can. */
export function imageFileProblem(file: { name: string; type: string; size: number }): string | undefined {
  if (!(IMAGE_MEDIA_TYPES as readonly string[]).includes(file.type)) {
    return `${file.name || 'The file'} is not a PNG, JPEG, GIF or WebP image.`
  }
  if (file.size > MAX_IMAGE_BYTES) {
    return `${file.name || 'The image'} is ${formatMegabytes(file.size)}; images can be at most 5 MB.`
  }
  return undefined
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
    const problem = imageFileProblem(file)
    if (problem) {
      result.problems.push(problem)
      continue
    }
    try {
      const data = await readAsBase64(file)
      result.images.push({ type: 'image', source: { kind: 'base64', mediaType: file.type, data } })
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
