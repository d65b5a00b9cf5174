/**
 * The canonical chat request: what a user means, independent of the wire dialect that carries it.
 * Every dialect builds its HTTP body from this shape (client half) and decodes incoming bodies into
 * it (server half), so a request can enter in one dialect and leave in the other.
 */

/** A JSON Schema object, kept as plain data (validated where it is accepted, never interpreted here). */
export type JsonSchema = { [key: string]: unknown }

export type ImageSource = { kind: 'base64'; mediaType: string; data: string } | { kind: 'url'; url: string }

export type TextPart = { type: 'text'; text: string }
export type ImagePart = { type: 'image'; source: ImageSource }
/**
 * A tool call made by the assistant. `arguments` is the raw JSON text exactly as produced: it may be
 * invalid JSON (models do that), so it is never parsed on the way through.
 */
export type ToolCallPart = { type: 'tool-call'; id: string; name: string; arguments: string }

export type UserMessage = { role: 'user'; content: Array<TextPart | ImagePart> }
export type AssistantMessage = { role: 'assistant'; content: Array<TextPart | ToolCallPart> }
/** The result of one tool call. OpenAI sends one `tool` message per call; Anthropic groups them. */
export type ToolMessage = { role: 'tool'; toolCallId: string; content: string; isError?: boolean }

export type ChatMessage = UserMessage | AssistantMessage | ToolMessage

export type ToolDefinition = {
  name: string
  description?: string
  /** JSON Schema of the arguments; always an object schema. */
  parameters: JsonSchema
}

export type ToolChoice = 'auto' | 'none' | 'required' | { name: string }

export type ResponseFormat =
  | { type: 'text' }
  | { type: 'json_object' }
  | { type: 'json_schema'; name: string; description?: string; schema: JsonSchema; strict?: boolean }

export type ChatRequest = {
  model: string
  system?: string
  messages: ChatMessage[]
  temperature?: number
  topP?: number
  maxTokens?: number
  /** Stop sequences; empty or absent means none. */
  stop?: string[]
  stream: boolean
  /** OpenAI `stream_options.include_usage`; Messages always reports usage. */
  includeUsage?: boolean
  responseFormat?: ResponseFormat
  tools?: ToolDefinition[]
  toolChoice?: ToolChoice
  /** Carried so a gateway can refuse it: the catalog says parallel tool calls are unsupported. */
  parallelToolCalls?: boolean
  seed?: number
}

/** Both dialects in the registry. Adding a third is one folder and one line in dialects/index.ts. */
export const DIALECT_IDS = ['openai-chat', 'anthropic-messages'] as const
export type DialectId = (typeof DIALECT_IDS)[number]
