import { randomFillSync } from 'node:crypto'

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/**
 * Random bytes drawn from a pool refilled 4 KiB at a time: two ids per request, each its own
 * `randomBytes` call, showed up in profiles of the proxy's hot path. Same CSPRNG, fewer calls.
 */
const pool = Buffer.alloc(4096)
let offset = pool.length

function takeRandom(length: number): Buffer {
  if (offset + length > pool.length) {
    randomFillSync(pool)
    offset = 0
  }
  const bytes = pool.subarray(offset, offset + length)
  offset += length
  return bytes
}

/** A random id in the style the dialects use (`req_011C…`, `chatcmpl-…`, `msg_…`). */
export function randomId(prefix: string, length = 24): string {
  const bytes = takeRandom(length)
  let out = prefix
  // 62 symbols: `byte % 62` is very slightly biased, irrelevant for ids that only need to be unique.
  for (const byte of bytes) out += ALPHABET[byte % ALPHABET.length]
  return out
}
