import type { ChatRequest } from '../../chat/chat-request'
import { TEXT_MODEL, VISION_MODEL } from '../../catalog/seed-models'

// A 1×1 PNG: the smallest real image the vision model accepts.
const TINY_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='

const WEATHER_TOOL = {
  name: 'get_weather',
  description: 'Current weather in a city',
  parameters: {
    type: 'object',
    properties: { city: { type: 'string' } },
    required: ['city'],
  },
}

const base = (text: string, overrides: Partial<ChatRequest> = {}): ChatRequest => ({
  model: TEXT_MODEL.name,
  system: 'You are "terse" \\ and kind.',
  messages: [{ role: 'user', content: [{ type: 'text', text }] }],
  stream: false,
  ...overrides,
})

const variants: Array<{ name: string; request: ChatRequest }> = [
  { name: 'plain text', request: base('Say hello — in “quotes” 😀 and\nnew lines.', { temperature: 0 }) },
  {
    name: 'tools',
    request: base('What is the weather in Paris? Use get_weather.', {
      tools: [WEATHER_TOOL],
      toolChoice: 'auto',
    }),
  },
  {
    name: 'response_format json_schema',
    request: base('Give me a JSON report.', {
      responseFormat: {
        type: 'json_schema',
        name: 'report',
        schema: {
          type: 'object',
          properties: { title: { type: 'string' }, score: { type: 'integer' } },
          required: ['title', 'score'],
          additionalProperties: false,
        },
        strict: true,
      },
    }),
  },
  {
    // Each dialect's builder puts these in its own terms (thinking or reasoning_effort; cache_control
    // or prompt_cache_key) and drops what it has no term for.
    name: 'reasoning and prompt cache',
    request: base('Think it over, then say hello.', {
      maxTokens: 2048,
      reasoning: { type: 'budget', budgetTokens: 1024 },
      systemCache: { ttl: '1h' },
      promptCacheKey: 'code-test',
    }),
  },
  {
    name: 'image',
    request: {
      ...base('What is in this picture?'),
      model: VISION_MODEL.name,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is in this picture?' },
            { type: 'image', source: { kind: 'base64', mediaType: 'image/png', data: TINY_PNG_BASE64 } },
          ],
        },
      ],
    },
  },
]

/** Every kind of request the code must carry, streaming and not: what the code tests run through. */
export const CODE_VARIANTS: Array<{ name: string; request: ChatRequest }> = variants.flatMap((variant) => [
  variant,
  { name: `${variant.name}, streaming`, request: { ...variant.request, stream: true } },
])
