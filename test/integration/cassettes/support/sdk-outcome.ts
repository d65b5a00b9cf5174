import Anthropic from '@anthropic-ai/sdk'
import OpenAI from 'openai'
import { TEXT_MODEL } from '../../gateway/support/gateways'

export type ClientDialect = 'openai-chat' | 'anthropic-messages'
export const CLIENTS: ClientDialect[] = ['openai-chat', 'anthropic-messages']

/** What a user of either SDK gets from one request, in words both dialects share. */
export type Outcome = {
  text: string
  toolCalls: Array<{ name: string; arguments: string }>
  /** `stop`, `tool-calls`, `length`, or undefined when the reply did not finish. */
  finish?: string | undefined
  usage?: { input: number; output: number } | undefined
  error?: { status: number | undefined; message: string } | undefined
}

export type Endpoint = { baseUrl: string; origin: string; apiKey: string }

const WEATHER = {
  name: 'get_weather',
  description: 'Current weather in a city',
  parameters: {
    type: 'object',
    properties: { city: { type: 'string' }, unit: { type: 'string' } },
    required: ['city'],
  },
}

const FINISH: Record<string, string> = {
  stop: 'stop',
  end_turn: 'stop',
  tool_calls: 'tool-calls',
  tool_use: 'tool-calls',
  length: 'length',
  max_tokens: 'length',
}

/** One request with the official SDK of `client`, streamed or not, reduced to its Outcome. */
export async function ask(
  client: ClientDialect,
  endpoint: Endpoint,
  prompt: string,
  stream: boolean,
): Promise<Outcome> {
  const outcome: Outcome = { text: '', toolCalls: [] }
  try {
    if (client === 'openai-chat') await askOpenAi(endpoint, prompt, stream, outcome)
    else await askAnthropic(endpoint, prompt, stream, outcome)
  } catch (error) {
    const status = (error as { status?: number }).status
    outcome.error = {
      status: typeof status === 'number' ? status : undefined,
      message: (error as Error).message,
    }
  }
  return outcome
}

async function askOpenAi(
  endpoint: Endpoint,
  prompt: string,
  stream: boolean,
  outcome: Outcome,
): Promise<void> {
  const sdk = new OpenAI({
    apiKey: endpoint.apiKey,
    baseURL: endpoint.baseUrl,
    maxRetries: 0,
    timeout: 30_000,
  })
  const params = {
    model: TEXT_MODEL,
    max_tokens: 200,
    messages: [{ role: 'user' as const, content: prompt }],
    tools: [{ type: 'function' as const, function: WEATHER }],
  }
  if (!stream) {
    const reply = await sdk.chat.completions.create(params)
    const choice = reply.choices[0]
    outcome.text = choice?.message.content ?? ''
    for (const call of choice?.message.tool_calls ?? [])
      if (call.type === 'function')
        outcome.toolCalls.push({ name: call.function.name, arguments: call.function.arguments })
    outcome.finish = FINISH[choice?.finish_reason ?? '']
    if (reply.usage)
      outcome.usage = { input: reply.usage.prompt_tokens, output: reply.usage.completion_tokens }
    return
  }
  const chunks = await sdk.chat.completions.create({
    ...params,
    stream: true,
    stream_options: { include_usage: true },
  })
  for await (const chunk of chunks) {
    const choice = chunk.choices[0]
    outcome.text += choice?.delta.content ?? ''
    for (const call of choice?.delta.tool_calls ?? []) {
      const kept = (outcome.toolCalls[call.index] ??= { name: '', arguments: '' })
      kept.name += call.function?.name ?? ''
      kept.arguments += call.function?.arguments ?? ''
    }
    if (choice?.finish_reason) outcome.finish = FINISH[choice.finish_reason]
    if (chunk.usage)
      outcome.usage = { input: chunk.usage.prompt_tokens, output: chunk.usage.completion_tokens }
  }
}

async function askAnthropic(
  endpoint: Endpoint,
  prompt: string,
  stream: boolean,
  outcome: Outcome,
): Promise<void> {
  const sdk = new Anthropic({
    apiKey: endpoint.apiKey,
    baseURL: endpoint.origin,
    maxRetries: 0,
    timeout: 30_000,
  })
  const params = {
    model: TEXT_MODEL,
    max_tokens: 200,
    messages: [{ role: 'user' as const, content: prompt }],
    tools: [
      {
        name: WEATHER.name,
        description: WEATHER.description,
        input_schema: WEATHER.parameters as Anthropic.Tool.InputSchema,
      },
    ],
  }
  // The stream helper checks the event order as it goes: a malformed stream throws.
  const message = stream
    ? await sdk.messages
        .stream(params)
        .on('text', (text) => (outcome.text += text))
        .finalMessage()
    : await sdk.messages.create(params)
  if (!stream)
    outcome.text = message.content.map((block) => (block.type === 'text' ? block.text : '')).join('')
  for (const block of message.content)
    if (block.type === 'tool_use')
      outcome.toolCalls.push({ name: block.name, arguments: JSON.stringify(block.input) })
  outcome.finish = FINISH[message.stop_reason ?? '']
  outcome.usage = { input: message.usage.input_tokens, output: message.usage.output_tokens }
}
