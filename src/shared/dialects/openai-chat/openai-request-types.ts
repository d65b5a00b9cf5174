import type { OpenaiWireToolCall } from './openai-tool-call'

/** The request parts and messages this gateway writes (client half), as the wire spells them. */
export type OpenaiContentPart =
  { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } }

export type OpenaiMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string | OpenaiContentPart[] }
  | {
      role: 'assistant'
      content: string | null | Array<{ type: 'text'; text: string }>
      tool_calls?: OpenaiWireToolCall[]
    }
  | { role: 'tool'; tool_call_id: string; content: string }

export type OpenaiResponseFormat =
  | { type: 'text' }
  | { type: 'json_object' }
  | {
      type: 'json_schema'
      json_schema: { name: string; description?: string; schema: Record<string, unknown>; strict?: boolean }
    }

export type OpenaiToolChoice = 'auto' | 'none' | 'required' | { type: 'function'; function: { name: string } }
