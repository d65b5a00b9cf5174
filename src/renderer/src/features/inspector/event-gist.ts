/**
 * What a raw SSE event carries, in a few words for its row in the inspector: the text, thinking or
 * argument delta, a finish reason, the usage; the row used to show the start of its JSON (`{"id":"chatcmpl-…`),
 * which is the same in every event and hides the delta. Read by shape, for both dialects' events;
 * the whole JSON stays one click away (the row's detail). Anything unexpected shows as it came.
 */
export function eventGist(data: string): string {
  let value: unknown
  try {
    value = JSON.parse(data)
  } catch {
    return data
  }
  if (!isRecord(value)) return data
  return openAiChunkGist(value) ?? anthropicEventGist(value) ?? data
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

const quote = (text: string): string => JSON.stringify(text)

function usageGist(usage: unknown): string | undefined {
  if (!isRecord(usage)) return undefined
  const input = usage['prompt_tokens'] ?? usage['input_tokens']
  const output = usage['completion_tokens'] ?? usage['output_tokens']
  const parts = [
    typeof input === 'number' ? `in ${input}` : undefined,
    typeof output === 'number' ? `out ${output}` : undefined,
  ].filter((part) => part !== undefined)
  return parts.length === 0 ? undefined : `usage ${parts.join(' · ')}`
}

/** A Chat Completions chunk: `choices[0].delta` (content, tool calls, role), finish reason, usage. */
function openAiChunkGist(chunk: Record<string, unknown>): string | undefined {
  const choices = chunk['choices']
  if (!Array.isArray(choices)) return undefined
  const parts: string[] = []
  const choice: unknown = choices[0]
  if (isRecord(choice)) {
    const delta = choice['delta']
    if (isRecord(delta)) {
      // The thinking (the gateway's `reasoning_content`, as DeepSeek-style servers send it) says so.
      const thinking = delta['reasoning_content']
      if (typeof thinking === 'string' && thinking !== '') parts.push(`thinking ${quote(thinking)}`)
      if (typeof delta['content'] === 'string' && delta['content'] !== '') parts.push(quote(delta['content']))
      if (Array.isArray(delta['tool_calls'])) {
        for (const call of delta['tool_calls'] as unknown[]) {
          const fn = isRecord(call) ? call['function'] : undefined
          if (!isRecord(fn)) continue
          if (typeof fn['name'] === 'string') parts.push(`tool ${fn['name']}`)
          if (typeof fn['arguments'] === 'string' && fn['arguments'] !== '')
            parts.push(quote(fn['arguments']))
        }
      }
      if (parts.length === 0 && typeof delta['role'] === 'string') parts.push(`role ${delta['role']}`)
    }
    if (typeof choice['finish_reason'] === 'string') parts.push(`finish ${choice['finish_reason']}`)
  }
  const usage = usageGist(chunk['usage'])
  if (usage !== undefined) parts.push(usage)
  return parts.length === 0 ? '(empty delta)' : parts.join(' · ')
}

/** A Messages stream event, by its `type`: the delta's text or JSON, a block's start, the stop. */
function anthropicEventGist(event: Record<string, unknown>): string | undefined {
  const type = event['type']
  if (typeof type !== 'string') return undefined
  const delta = isRecord(event['delta']) ? event['delta'] : undefined
  switch (type) {
    case 'content_block_delta': {
      if (typeof delta?.['thinking'] === 'string') return `thinking ${quote(delta['thinking'])}`
      const text = delta?.['text'] ?? delta?.['partial_json']
      return typeof text === 'string' ? quote(text) : type
    }
    case 'content_block_start': {
      const block = isRecord(event['content_block']) ? event['content_block'] : undefined
      const name = typeof block?.['name'] === 'string' ? ` ${block['name']}` : ''
      return `start ${String(block?.['type'] ?? 'block')}${name}`
    }
    case 'message_delta': {
      const stop = typeof delta?.['stop_reason'] === 'string' ? `stop ${delta['stop_reason']}` : undefined
      return [stop, usageGist(event['usage'])].filter((part) => part !== undefined).join(' · ') || type
    }
    case 'message_start': {
      const message = isRecord(event['message']) ? event['message'] : undefined
      return [`model ${String(message?.['model'] ?? '?')}`, usageGist(message?.['usage'])]
        .filter((part) => part !== undefined)
        .join(' · ')
    }
    case 'error': {
      const error = isRecord(event['error']) ? event['error'] : undefined
      return `${String(error?.['type'] ?? 'error')}: ${String(error?.['message'] ?? '')}`
    }
    default:
      return type
  }
}
