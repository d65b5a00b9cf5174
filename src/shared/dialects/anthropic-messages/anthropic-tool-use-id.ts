import type { EncodeContext } from '../dialect'
import { toAnthropicToolId } from './anthropic-tool-input'

/**
 * The `tool_use` id a server writes: the call's own id made safe for Messages, or, when an upstream
 * gave none (OpenAI fragments may lack it), one derived from the reply id so it is stable and unique.
 */
export function anthropicToolUseId(id: string, ordinal: number, context: EncodeContext): string {
  const fallback = `toolu_${context.id.replace(/^msg_/, '').replace(/[^a-zA-Z0-9_-]/g, '')}_${ordinal}`
  return toAnthropicToolId(id, fallback)
}
