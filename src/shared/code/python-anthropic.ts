import { pythonClient, pythonCreate } from './python-source'
import type { SdkCall } from './sdk-call'

// Keyword arguments of `client.messages.create` in the `anthropic` package. Not `temperature`,
// `top_p`, `top_k`: the SDKs of the 2026-10-21 API version no longer declare them (as
// @anthropic-ai/sdk 1.x does not), and an undeclared keyword is a TypeError, so they go in
// `extra_body`, which every version sends as is.
const MESSAGES_PARAMS: ReadonlySet<string> = new Set([
  'max_tokens',
  'messages',
  'model',
  'container',
  'inference_geo',
  'metadata',
  'output_config',
  'service_tier',
  'stop_sequences',
  'stream',
  'system',
  'thinking',
  'tool_choice',
  'tools',
])

/**
 * The request with the `anthropic` Python package. It prints what the TypeScript snippets print: the
 * text, then one `tool call: <name> <input>` line per tool use.
 */
export function pythonAnthropic(call: SdkCall): string {
  const lines = [
    ...(call.stream ? [] : ['import json']),
    'import os',
    '',
    'from anthropic import Anthropic',
    '',
    pythonClient('Anthropic', call),
    '',
    pythonCreate(call.stream ? 'stream' : 'message', 'messages.create', call, MESSAGES_PARAMS),
  ]
  if (call.stream) {
    lines.push(
      'for event in stream:',
      '    if event.type == "content_block_start" and event.content_block.type == "tool_use":',
      '        print(f"\\ntool call: {event.content_block.name} ", end="")',
      '    elif event.type == "content_block_delta":',
      '        if event.delta.type == "text_delta":',
      '            print(event.delta.text, end="", flush=True)',
      '        elif event.delta.type == "input_json_delta":',
      '            print(event.delta.partial_json, end="", flush=True)',
    )
  } else {
    lines.push(
      'for block in message.content:',
      '    if block.type == "text":',
      '        print(block.text, end="")',
      '    elif block.type == "tool_use":',
      '        print(f"\\ntool call: {block.name} {json.dumps(block.input)}", end="")',
    )
  }
  lines.push('print()')
  return lines.join('\n') + '\n'
}
