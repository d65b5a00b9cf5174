import type { ImageSource } from '../../chat/chat-request'

/** What both dialects accept as image input (Messages accepts exactly these four). */
const OPENAI_IMAGE_MEDIA_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const

// The `s` flag: base64 in a data URL may legally be wrapped; the data check below rejects the breaks.
const DATA_URL = /^data:([^;,]*)((?:;[^;,]*)*),(.*)$/s
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/

/** Chat Completions carries every image as a URL: base64 sources become `data:` URLs. */
export function openaiImageUrlFrom(source: ImageSource): string {
  return source.kind === 'base64' ? `data:${source.mediaType};base64,${source.data}` : source.url
}

/**
 * An `image_url.url` as a canonical image source, or the reason it cannot be one. `data:` URLs are
 * decoded into base64 sources (the form Messages needs); http(s) URLs are kept as they are.
 */
export function imageSourceFromOpenaiUrl(url: string): { source: ImageSource } | { problem: string } {
  if (/^https?:\/\//i.test(url)) return { source: { kind: 'url', url } }
  const match = DATA_URL.exec(url)
  if (match === null) return { problem: 'must be an http(s) URL or a data:<media-type>;base64,<data> URL.' }
  const mediaType = (match[1] ?? '').toLowerCase()
  const parameters = (match[2] ?? '').split(';')
  const data = match[3] ?? ''
  if (!parameters.includes('base64')) return { problem: 'a data URL must be base64-encoded (;base64,).' }
  if (!(OPENAI_IMAGE_MEDIA_TYPES as readonly string[]).includes(mediaType)) {
    return {
      problem: `image media type ${JSON.stringify(mediaType)} is not supported (use ${OPENAI_IMAGE_MEDIA_TYPES.join(', ')}).`,
    }
  }
  if (!BASE64.test(data)) return { problem: 'the data URL does not hold valid base64 data.' }
  return { source: { kind: 'base64', mediaType, data } }
}
