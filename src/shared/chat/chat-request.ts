/**
 * The canonical chat request: what a user means, independent of the wire dialect that carries it.
 * Every dialect builds its HTTP body from this shape (client half) and decodes incoming bodies into
 * it (server half), so a request can enter in one dialect and leave in the other.
 */

/** A JSON Schema object, kept as plain data (validated where it is accepted, never interpreted here). */
export type JsonSchema = { [key: string]: unknown }

export type ImageSource = { kind: 'base64'; mediaType: string; data: string } | { kind: 'url'; url: string }

/** How long a cached prefix lives after its last use (Messages `cache_control.ttl`; default 5m). */
export const CACHE_TTLS = ['5m', '1h'] as const
export type CacheTtl = (typeof CACHE_TTLS)[number]

/**
 * A prompt-cache breakpoint: the prompt up to and including the item that carries it may be cached
 * (Messages `cache_control: {type: "ephemeral", ttl?}`). Chat Completions caches prefixes on its own
 * and has no breakpoints, so its builder drops them and says so.
 */
export type CacheBreakpoint = { ttl?: CacheTtl }

export type TextPart = { type: 'text'; text: string; cache?: CacheBreakpoint }
export type ImagePart = { type: 'image'; source: ImageSource; cache?: CacheBreakpoint }
/**
 * A tool call made by the assistant. `arguments` is the raw JSON text exactly as produced: it may be
 * invalid JSON (models do that), so it is never parsed on the way through.
 */
export type ToolCallPart = {
  type: 'tool-call'
  id: string
  name: string
  arguments: string
  cache?: CacheBreakpoint
}
/**
 * The model's thinking, in the reply's content where it was produced, so history keeps it and sends
 * it back. `signature` (Messages) proves the text is the model's own: a server refuses a changed text,
 * so it must travel back unchanged; Chat Completions' `reasoning_content` has none.
 */
export type ReasoningPart = { type: 'reasoning'; text: string; signature?: string }
/** Thinking the server returned encrypted (Messages `redacted_thinking`): opaque, sent back as is. */
export type RedactedReasoningPart = { type: 'redacted-reasoning'; data: string }

type UserContentPart = TextPart | ImagePart
export type AssistantContentPart = TextPart | ToolCallPart | ReasoningPart | RedactedReasoningPart

export type UserMessage = { role: 'user'; content: UserContentPart[] }
export type AssistantMessage = { role: 'assistant'; content: AssistantContentPart[] }
/** The result of one tool call. OpenAI sends one `tool` message per call; Anthropic groups them. */
export type ToolMessage = {
  role: 'tool'
  toolCallId: string
  content: string
  isError?: boolean
  cache?: CacheBreakpoint
}

export type ChatMessage = UserMessage | AssistantMessage | ToolMessage

export type ToolDefinition = {
  name: string
  description?: string
  /** JSON Schema of the arguments; always an object schema. */
  parameters: JsonSchema
  /** A breakpoint after this tool caches every tool definition up to it (tools come first). */
  cache?: CacheBreakpoint
}

export type ToolChoice = 'auto' | 'none' | 'required' | { name: string }

export type ResponseFormat =
  | { type: 'text' }
  | { type: 'json_object' }
  | { type: 'json_schema'; name: string; description?: string; schema: JsonSchema; strict?: boolean }

/** Chat Completions `reasoning_effort`, in the API's order from none to the most. */
export const REASONING_EFFORTS = ['none', 'minimal', 'low', 'medium', 'high', 'xhigh', 'max'] as const
export type ReasoningEffort = (typeof REASONING_EFFORTS)[number]

/** Messages `thinking.display`: whether the thinking text is returned (summarized) or left out. */
export const REASONING_DISPLAYS = ['summarized', 'omitted'] as const
export type ReasoningDisplay = (typeof REASONING_DISPLAYS)[number]

/**
 * Whether and how much the model thinks before it answers, in each dialect's own terms: Messages
 * `thinking` (`off`, a `budget` of tokens, `adaptive` with `output_config.effort`), Chat Completions
 * `reasoning_effort` (`effort`). A builder converts the ones its dialect lacks and says so.
 */
export type ReasoningSetting =
  | { type: 'off' }
  | { type: 'budget'; budgetTokens: number; display?: ReasoningDisplay }
  | { type: 'adaptive'; display?: ReasoningDisplay; effort?: ReasoningEffort }
  | { type: 'effort'; effort: ReasoningEffort }

export type ChatRequest = {
  model: string
  system?: string
  /** A cache breakpoint at the end of the system prompt. */
  systemCache?: CacheBreakpoint
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
  reasoning?: ReasoningSetting
  /** Chat Completions `prompt_cache_key`: requests sharing it share cached prefixes. */
  promptCacheKey?: string
}

/** Both dialects in the registry. Adding a third is one folder and one line in dialects/index.ts. */
export const DIALECT_IDS = ['openai-chat', 'anthropic-messages'] as const
export type DialectId = (typeof DIALECT_IDS)[number]
