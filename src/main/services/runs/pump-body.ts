/**
 * Reads a response body chunk by chunk under an idle timeout: `onIdle` fires when NO bytes at all
 * (SSE pings and comments included) arrived for `idleMs`. It is re-armed per network chunk, not per
 * event, and there is no wall clock: a stream may legitimately run for many minutes.
 *
 * `onChunk` returns `false` to stop reading (the reply reached its end marker or an error). Aborting
 * `signal` cancels the reader, so a fetch implementation that ignores its own signal still stops.
 * Resolves `'eof'` or `'stopped'`; read errors (connection reset…) are thrown to the caller.
 */
export async function pumpBody(
  body: ReadableStream<Uint8Array> | null,
  options: {
    idleMs: number
    signal: AbortSignal
    onIdle: () => void
    onChunk: (chunk: Uint8Array) => boolean
  },
): Promise<'eof' | 'stopped'> {
  if (body === null) return 'eof'
  const reader = body.getReader()
  const cancel = (): void => {
    reader.cancel().catch(() => undefined)
  }
  if (options.signal.aborted) {
    cancel()
    return 'stopped'
  }
  options.signal.addEventListener('abort', cancel, { once: true })
  let timer: ReturnType<typeof setTimeout> | undefined
  const arm = (): void => {
    if (timer !== undefined) clearTimeout(timer)
    timer = setTimeout(options.onIdle, options.idleMs)
  }
  try {
    arm()
    for (;;) {
      const { done, value } = await reader.read()
      if (options.signal.aborted) return 'stopped'
      if (done) return 'eof'
      arm()
      if (value.byteLength > 0 && !options.onChunk(value)) {
        cancel()
        return 'stopped'
      }
    }
  } finally {
    if (timer !== undefined) clearTimeout(timer)
    options.signal.removeEventListener('abort', cancel)
  }
}

/** A whole body as text (error bodies, JSON replies), at most `maxChars`; the rest is not read. */
export async function readBodyText(
  body: ReadableStream<Uint8Array> | null,
  options: { idleMs: number; signal: AbortSignal; onIdle: () => void; maxChars: number },
): Promise<string> {
  const decoder = new TextDecoder()
  let text = ''
  await pumpBody(body, {
    ...options,
    onChunk: (chunk) => {
      text += decoder.decode(chunk, { stream: true })
      return text.length < options.maxChars
    },
  })
  text += decoder.decode()
  return text.length > options.maxChars ? text.slice(0, options.maxChars) : text
}
