import type { ChatRequest } from '@shared/chat/chat-request'
import { cassetteHash } from '../cassette-hash'
import { CASSETTE_FORMAT, CASSETTE_VERSION, type Cassette, type CassetteEvent } from '../cassette-schema'

export const SAMPLE_REQUEST: ChatRequest = {
  model: 'vendorb3.8-Flash-Next',
  messages: [{ role: 'user', content: [{ type: 'text', text: 'Say hello' }] }],
  maxTokens: 100,
  stream: true,
}

/** A cassette of a short Chat Completions stream (or of `events` given), for tests of the format. */
export function sampleCassette(
  request: ChatRequest = SAMPLE_REQUEST,
  events: CassetteEvent[] = [
    { atMs: 10, data: '{"choices":[{"index":0,"delta":{"role":"assistant","content":"Hel"}}]}' },
    { atMs: 40, data: '{"choices":[{"index":0,"delta":{"content":"lo"},"finish_reason":"stop"}]}' },
    { atMs: 45, data: '[DONE]' },
  ],
): Cassette {
  return {
    format: CASSETTE_FORMAT,
    version: CASSETTE_VERSION,
    recordedAt: '2026-11-27T12:00:00.000Z',
    recordedBy: 'gateway',
    hash: cassetteHash(request),
    request,
    upstream: { dialect: 'openai-chat', url: 'http://127.0.0.1:9/v1/chat/completions' },
    response: {
      status: 200,
      headers: { 'content-type': 'text/event-stream' },
      events,
      end: { state: 'ended', atMs: events.at(-1)?.atMs ?? 0 },
    },
  }
}
