import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DIALECT_IDS } from '../chat/chat-request'
import { toAsciiJson } from '../http/json-ascii'
import { anyChatRequest, SECRET, sentHttp } from './__fixtures__/code-arbitraries'
import { generateCode } from './code-generators'
import { UNTYPED_FIELD_COMMENT } from './typescript-source'

type Captured = { options: Record<string, unknown>; body: unknown }

/**
 * Runs a TypeScript snippet (it is plain ES module JavaScript) with stand-ins for the SDK classes
 * and `process`: what the client is constructed with and what `create` is called with is what the
 * real SDK would send. The real SDKs against the real gateway: test/integration/code.
 */
async function runWithStubSdk(code: string, env: Record<string, string>): Promise<Captured> {
  const captured: Partial<Captured> = {}
  class Sdk {
    chat = { completions: { create: (body: unknown) => create(body) } }
    messages = { create: (body: unknown) => create(body) }
    constructor(options: Record<string, unknown>) {
      captured.options = options
    }
  }
  const create = async (body: unknown) => {
    captured.body = body
    const stream = (async function* () {})()
    return Object.assign(stream, { choices: [], content: [] })
  }
  const body = code.replace(/^import \w+ from .*$/gm, '')
  const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (
    ...args: string[]
  ) => (...values: unknown[]) => Promise<void>
  const process = { env, stdout: { write: () => true } }
  await new AsyncFunction('OpenAI', 'Anthropic', 'process', body)(Sdk, Sdk, process)
  return captured as Captured
}

describe.each(DIALECT_IDS)('TypeScript code for %s', (dialect) => {
  it('sends the exact body, to the same URL, with the key from the environment', async () => {
    await fc.assert(
      fc.asyncProperty(anyChatRequest, fc.constantFrom('', 'status=429'), async (request, simulate) => {
        const http = sentHttp(dialect, request, simulate)
        const code = generateCode('typescript', { dialect, http, secret: SECRET })
        expect(code).not.toContain(SECRET)
        const { options, body } = await runWithStubSdk(code, { MODEL_GATEWAY_API_KEY: 'from-env' })
        // The body as the dialect serializes it: `__proto__` keys, key order, lone surrogates compared.
        expect(toAsciiJson(body)).toBe(http.body)
        expect(options['apiKey']).toBe('from-env')
        const path = dialect === 'openai-chat' ? '/chat/completions' : '/v1/messages'
        expect(`${String(options['baseURL'])}${path}`).toBe(http.url)
        expect(options['defaultHeaders']).toEqual(simulate === '' ? undefined : { 'x-simulate': simulate })
      }),
      { numRuns: 150 },
    )
  })
})

describe('TypeScript code for anthropic-messages', () => {
  it('says why a parameter the SDK does not type is spread in', () => {
    const http = sentHttp(
      'anthropic-messages',
      {
        model: 'm',
        messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
        stream: false,
        temperature: 0.2,
      },
      '',
    )
    const code = generateCode('typescript', { dialect: 'anthropic-messages', http, secret: SECRET })
    expect(code).toContain(`  ${UNTYPED_FIELD_COMMENT}\n  ...{ temperature: 0.2 },`)
    expect(code.split(UNTYPED_FIELD_COMMENT)).toHaveLength(2)
  })
})
