import { z } from 'zod'
import type { GatewayError } from '../../chat/errors'
import { gatewayErrorFromZod } from '../zod-errors'

type Issue = z.core.$ZodIssue

/**
 * The 400 for a body the strict schema refused. A union (`content` is a string or parts, `tool_choice`
 * a string or an object) reports "invalid input" on itself; when one branch got further into the
 * value, its issue is the real problem (`messages.0.content.1.type: … "input_audio" …`), so report it.
 */
export function openaiRequestErrorFromZod(error: z.ZodError): GatewayError {
  const first = error.issues[0]
  if (first === undefined) return gatewayErrorFromZod(error)
  return gatewayErrorFromZod(new z.ZodError([deepestIssue(first)]))
}

function deepestIssue(issue: Issue): Issue {
  if (issue.code !== 'invalid_union') return issue
  let best: Issue | undefined
  for (const branch of issue.errors) {
    const candidate = branch[0]
    if (candidate !== undefined && candidate.path.length > (best?.path.length ?? 0)) best = candidate
  }
  if (best === undefined) return issue
  const inner = deepestIssue(best)
  return { ...inner, path: [...issue.path, ...inner.path] }
}
