import type { StreamPart } from '../../../shared/chat/stream-part'
import { createPartRedactor } from '../../../shared/redaction/redact-stream-parts'
import type { SecretMatcher } from '../../../shared/redaction/secret-matcher'

/**
 * The upstream's parts without the upstream key: a hostile or careless upstream may echo the key the
 * proxy sent it (in text, ids, tool names, a key split across two deltas…), and the proxy's clients
 * must never get it. Held-back text is released when the reply ends, and before a broken upstream's
 * error goes on, so no other character is lost.
 */
export async function* redactUpstreamParts(
  batches: AsyncIterable<StreamPart[]>,
  matcher: SecretMatcher,
  secrets: readonly string[],
): AsyncGenerator<StreamPart[]> {
  const redactor = createPartRedactor(matcher, secrets)
  try {
    for await (const batch of batches) {
      const out = batch.flatMap((part) => redactor.push(part))
      if (out.length > 0) yield out
    }
  } catch (error) {
    const held = redactor.flush()
    if (held.length > 0) yield held
    throw error
  }
  const held = redactor.flush()
  if (held.length > 0) yield held
}

/** A whole (non-streamed) reply's parts, redacted the same way. */
export function redactUpstreamReply(
  parts: readonly StreamPart[],
  matcher: SecretMatcher,
  secrets: readonly string[],
): StreamPart[] {
  const redactor = createPartRedactor(matcher, secrets)
  return [...parts.flatMap((part) => redactor.push(part)), ...redactor.flush()]
}
