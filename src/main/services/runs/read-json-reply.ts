import { resultToParts } from '@shared/chat/result-to-parts'
import { describeStreamFailure } from './describe-network-failure'
import { readBodyText } from './pump-body'
import { idleTimeoutMessage, type ReplyContext } from './read-sse-reply'
import { createReplySink } from './reply-sink'

/** A non-streaming reply can be large (a long answer, base64 in tool arguments), but not unbounded. */
const MAX_JSON_REPLY_CHARS = 64 * 1024 * 1024
const BODY_PREVIEW_CHARS = 200

/**
 * A 2xx body that is not an event stream: the whole JSON reply, parsed by the dialect and turned
 * into the same parts a stream would have carried, so the renderer reduces both the same way.
 */
export async function readJsonReply(
  context: ReplyContext,
  status: number,
  body: ReadableStream<Uint8Array> | null,
) {
  const { session, registry, dialect, url, metrics } = context
  let text: string
  try {
    text = await readBodyText(body, {
      idleMs: registry.timeouts.idleMs,
      signal: session.signal,
      onIdle: () =>
        session.finish({ state: 'timeout', message: idleTimeoutMessage(url, registry.timeouts.idleMs) }),
      maxChars: MAX_JSON_REPLY_CHARS,
    })
  } catch (error) {
    if (session.finished) return
    const failure = describeStreamFailure(error, url, session.redactor.text)
    session.finish({ state: failure.state, message: failure.message })
    return
  }
  if (session.finished) return
  const at = registry.now()

  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    // Redacted before it is cut (clip), so a key across the cut cannot leave half of itself.
    const preview = session.redactor.clip(text, BODY_PREVIEW_CHARS, text.length >= MAX_JSON_REPLY_CHARS)
    session.finish({
      state: 'provider_error',
      error: {
        status,
        type: 'invalid_response',
        message: `The server answered HTTP ${status} with a body that is not JSON${preview.trim() === '' ? ' (empty)' : `: ${preview}`}`,
      },
    })
    return
  }
  const sink = createReplySink(session, metrics)
  sink.push(resultToParts(dialect.parseResponse(json)), at)
  session.finish(sink.terminal(`The ${dialect.label} reply is not complete.`))
}
