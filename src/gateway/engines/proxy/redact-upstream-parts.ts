import type { StreamPart } from '@shared/chat/stream-part'
import { createPartRedactor } from '@shared/redaction/redact-stream-parts'
import type { SecretMatcher } from '@shared/redaction/secret-matcher'

/**
 * A whole (non-streamed) reply's parts without the upstream key: a hostile or careless upstream may
 * echo the key the proxy sent it (in text, ids, tool names…), and the proxy's clients must never get
 * it. Streamed replies go through the same PartRedactor, part by part (translateUpstreamStream).
 */
export function redactUpstreamReply(
  parts: readonly StreamPart[],
  matcher: SecretMatcher,
  secrets: readonly string[],
): StreamPart[] {
  const redactor = createPartRedactor(matcher, secrets)
  return [...parts.flatMap((part) => redactor.push(part)), ...redactor.flush()]
}
