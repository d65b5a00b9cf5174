import type { SdkCall } from './sdk-call'
import { typescriptClient, typescriptCreate } from './typescript-source'

// @anthropic-ai/sdk 1.x dropped the sampling parameters from its types (the API deprecates them for
// newer models) but still sends them; the gateway and older models honour them.
const UNTYPED_IN_SDK: ReadonlySet<string> = new Set(['temperature', 'top_p', 'top_k'])

/**
 * The request with `@anthropic-ai/sdk` (ES module, top-level await; runs as .mjs or .ts). It prints
 * the reply's text, then one `tool call: <name> <input>` line per tool use, the same lines streaming
 * or not (the same as the openai snippet prints).
 */
export function typescriptAnthropic(call: SdkCall): string {
  const lines = [
    "import Anthropic from '@anthropic-ai/sdk'",
    '',
    typescriptClient('Anthropic', call),
    '',
    typescriptCreate(call.stream ? 'stream' : 'message', 'messages.create', call, UNTYPED_IN_SDK),
  ]
  if (call.stream) {
    lines.push(
      'for await (const event of stream) {',
      "  if (event.type === 'content_block_start' && event.content_block.type === 'tool_use') {",
      '    process.stdout.write(`\\ntool call: ${event.content_block.name} `)',
      "  } else if (event.type === 'content_block_delta') {",
      "    if (event.delta.type === 'text_delta') process.stdout.write(event.delta.text)",
      "    else if (event.delta.type === 'input_json_delta') process.stdout.write(event.delta.partial_json)",
      '  }',
      '}',
    )
  } else {
    lines.push(
      'for (const block of message.content) {',
      "  if (block.type === 'text') process.stdout.write(block.text)",
      "  else if (block.type === 'tool_use') {",
      '    process.stdout.write(`\\ntool call: ${block.name} ${JSON.stringify(block.input)}`)',
      '  }',
      '}',
    )
  }
  lines.push("process.stdout.write('\\n')")
  return lines.join('\n') + '\n'
}
