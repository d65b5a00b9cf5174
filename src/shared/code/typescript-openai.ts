import type { SdkCall } from './sdk-call'
import { typescriptClient, typescriptCreate } from './typescript-source'

/**
 * The request with the `openai` package (ES module, top-level await; runs as .mjs or .ts). It prints
 * the reply's text, then one `tool call: <name> <arguments>` line per tool call, the same lines
 * streaming or not, so the two forms can be compared.
 */
export function typescriptOpenai(call: SdkCall): string {
  const lines = [
    "import OpenAI from 'openai'",
    '',
    typescriptClient('OpenAI', call),
    '',
    typescriptCreate(call.stream ? 'stream' : 'completion', 'chat.completions.create', call),
  ]
  if (call.stream) {
    lines.push(
      'for await (const chunk of stream) {',
      '  // The last chunk carries only the usage: no choices.',
      '  const delta = chunk.choices[0]?.delta',
      '  if (delta?.content) process.stdout.write(delta.content)',
      '  for (const toolCall of delta?.tool_calls ?? []) {',
      '    // The name comes with the first fragment of a call, the arguments in pieces after it.',
      '    if (toolCall.function?.name) process.stdout.write(`\\ntool call: ${toolCall.function.name} `)',
      '    if (toolCall.function?.arguments) process.stdout.write(toolCall.function.arguments)',
      '  }',
      '}',
    )
  } else {
    lines.push(
      'const message = completion.choices[0]?.message',
      "process.stdout.write(message?.content ?? '')",
      'for (const toolCall of message?.tool_calls ?? []) {',
      "  if (toolCall.type === 'function') {",
      '    process.stdout.write(`\\ntool call: ${toolCall.function.name} ${toolCall.function.arguments}`)',
      '  }',
      '}',
    )
  }
  lines.push("process.stdout.write('\\n')")
  return lines.join('\n') + '\n'
}
