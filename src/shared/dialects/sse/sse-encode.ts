import type { SseFrame } from './sse-message'

/**
 * One frame as it goes on the wire, always `\n` line endings and a blank line after it. A data value
 * with newlines becomes several `data:` lines (compact JSON has none, so in practice it is one line,
 * which naive per-line parsers need: dialects.md D.2).
 */
export function encodeSseFrame(frame: SseFrame): string {
  if ('comment' in frame) return ': ' + frame.comment.replace(/[\r\n]+/g, ' ') + '\n\n'
  let out = ''
  if (frame.event !== undefined) out += 'event: ' + frame.event + '\n'
  if (frame.id !== undefined) out += 'id: ' + frame.id + '\n'
  const data = frame.data
  if (data.indexOf('\n') === -1 && data.indexOf('\r') === -1) {
    out += 'data: ' + data + '\n'
  } else {
    for (const piece of data.split(/\r\n|\r|\n/)) out += 'data: ' + piece + '\n'
  }
  return out + '\n'
}
