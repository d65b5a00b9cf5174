import { pythonClient, pythonCreate } from './python-source'
import type { SdkCall } from './sdk-call'

// Keyword arguments of `client.chat.completions.create` in the `openai` package (1.x).
const CHAT_COMPLETIONS_PARAMS: ReadonlySet<string> = new Set([
  'messages',
  'model',
  'audio',
  'frequency_penalty',
  'logit_bias',
  'logprobs',
  'max_completion_tokens',
  'max_tokens',
  'metadata',
  'modalities',
  'n',
  'parallel_tool_calls',
  'prediction',
  'presence_penalty',
  'reasoning_effort',
  'response_format',
  'seed',
  'service_tier',
  'stop',
  'store',
  'stream',
  'stream_options',
  'temperature',
  'tool_choice',
  'tools',
  'top_logprobs',
  'top_p',
  'user',
])

/**
 * The request with the `openai` Python package. It prints what the TypeScript snippets print: the
 * text, then one `tool call: <name> <arguments>` line per tool call.
 */
export function pythonOpenai(call: SdkCall): string {
  const lines = [
    'import os',
    '',
    'from openai import OpenAI',
    '',
    pythonClient('OpenAI', call),
    '',
    pythonCreate(
      call.stream ? 'stream' : 'completion',
      'chat.completions.create',
      call,
      CHAT_COMPLETIONS_PARAMS,
    ),
  ]
  if (call.stream) {
    lines.push(
      'for chunk in stream:',
      '    if not chunk.choices:  # the last chunk carries only the usage',
      '        continue',
      '    delta = chunk.choices[0].delta',
      '    if delta.content:',
      '        print(delta.content, end="", flush=True)',
      '    for tool_call in delta.tool_calls or []:',
      '        if tool_call.function and tool_call.function.name:',
      '            print(f"\\ntool call: {tool_call.function.name} ", end="")',
      '        if tool_call.function and tool_call.function.arguments:',
      '            print(tool_call.function.arguments, end="", flush=True)',
    )
  } else {
    lines.push(
      'message = completion.choices[0].message',
      'print(message.content or "", end="")',
      'for tool_call in message.tool_calls or []:',
      '    print(f"\\ntool call: {tool_call.function.name} {tool_call.function.arguments}", end="")',
    )
  }
  lines.push('print()')
  return lines.join('\n') + '\n'
}
