import { connect } from 'node:net'
import Anthropic from '@anthropic-ai/sdk'
import OpenAI from 'openai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { INTERNAL_ERROR_MESSAGE } from '@gateway/app/error-reply'
import type { RunningGateway } from '@gateway/start-gateway'
import { CLIENT_KEY, FAST, MODELS, TEXT_MODEL, VISION_MODEL, startSimulatorGateway } from './support/gateways'
import { bearer, xApiKey } from './support/raw-http'

/**
 * What hostile or unusual input gets back from a real gateway over real HTTP: a readable 413 for a
 * client that sends `Connection: close`, OpenAI's json_object rule, bytes that are not UTF-8, and no
 * internal error text in any body.
 */
let gateway: RunningGateway
beforeAll(async () => {
  gateway = await startSimulatorGateway()
})
afterAll(() => gateway?.close())

const CAP = FAST.maxBodyBytes as number

type RawExchange = { response: string; error: string | undefined }

/**
 * One request on a raw socket: the head, then the body in one write, then the socket's write side
 * closed. Collects every byte the server sends, and the socket error if one breaks the exchange.
 */
function rawRequest(head: string, body: Buffer): Promise<RawExchange> {
  return new Promise((resolve) => {
    const socket = connect(gateway.port, '127.0.0.1')
    const chunks: Buffer[] = []
    let error: string | undefined
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.on('error', (e: NodeJS.ErrnoException) => (error = e.code ?? e.message))
    socket.on('close', () => resolve({ response: Buffer.concat(chunks).toString('utf8'), error }))
    socket.setTimeout(15_000, () => socket.destroy())
    socket.write(head)
    socket.end(body)
  })
}

function chatHead(extra: string): string {
  return (
    `POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1:${gateway.port}\r\n` +
    `Authorization: Bearer ${CLIENT_KEY}\r\nContent-Type: application/json\r\nConnection: close\r\n${extra}\r\n`
  )
}

describe('413 for an oversized body', () => {
  // Far more than loopback socket buffers hold: the client is still writing when the 413 is sent.
  const body = Buffer.alloc(16 * 1024 * 1024, 'a')

  it('is readable by a client that sends Connection: close and the whole body (Content-Length)', async () => {
    const { response, error } = await rawRequest(chatHead(`Content-Length: ${body.length}\r\n`), body)
    expect(error).toBeUndefined()
    expect(response).toMatch(/^HTTP\/1\.1 413 /)
    expect(response).toContain('"type":"invalid_request_error"')
    expect(response).toContain(`exceeds the limit of ${CAP} bytes`)
  })

  it('is readable by such a client when the body is chunked', async () => {
    const chunked = Buffer.concat([
      Buffer.from(`${body.length.toString(16)}\r\n`),
      body,
      Buffer.from('\r\n0\r\n\r\n'),
    ])
    const { response, error } = await rawRequest(chatHead('Transfer-Encoding: chunked\r\n'), chunked)
    expect(error).toBeUndefined()
    expect(response).toMatch(/^HTTP\/1\.1 413 /)
    expect(response).toContain(`exceeds the limit of ${CAP} bytes`)
  })
})

describe('a refusal before the body is read', () => {
  it('a wrong key with a big body is answered 401, readable by a Connection: close client', async () => {
    const body = Buffer.alloc(16 * 1024 * 1024, 'a')
    const head = chatHead(`Content-Length: ${body.length}\r\n`).replace(CLIENT_KEY, 'sk-wrong')
    const { response, error } = await rawRequest(head, body)
    expect(error).toBeUndefined()
    expect(response).toMatch(/^HTTP\/1\.1 401 /)
    expect(response).toContain('Incorrect API key provided.')
  })
})

describe('response_format json_object', () => {
  const ask = (messages: unknown[]) =>
    fetch(`${gateway.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: bearer(CLIENT_KEY),
      body: JSON.stringify({ model: TEXT_MODEL, messages, response_format: { type: 'json_object' } }),
    })

  it('is refused with OpenAI\'s 400 when no message contains the word "json"', async () => {
    const response = await ask([{ role: 'user', content: 'Give me an object with a greeting.' }])
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      error: {
        message:
          "'messages' must contain the word 'json' in some form, to use 'response_format' of type 'json_object'.",
        type: 'invalid_request_error',
        param: 'messages',
        code: null,
      },
    })
  })

  it('is served when a message mentions JSON in any case', async () => {
    const response = await ask([
      { role: 'system', content: 'Answer in Json.' },
      { role: 'user', content: 'Give me an object with a greeting.' },
    ])
    expect(response.status).toBe(200)
    const body = (await response.json()) as { choices: Array<{ message: { content: string } }> }
    expect(typeof JSON.parse(body.choices[0]?.message.content ?? '')).toBe('object')
  })
})

describe('bytes that are not UTF-8', () => {
  // A JSON body whose user text holds 0xFF 0xFE: never valid in UTF-8.
  const body = (json: object) => {
    const [before, after] = JSON.stringify(json).split('BAD') as [string, string]
    return Buffer.concat([Buffer.from(before), Buffer.from([0xff, 0xfe]), Buffer.from(after)])
  }

  it('in a Chat Completions body → 400 in the OpenAI shape', async () => {
    const response = await fetch(`${gateway.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: bearer(CLIENT_KEY),
      body: body({ model: TEXT_MODEL, messages: [{ role: 'user', content: 'hi BAD' }] }),
    })
    expect(response.status).toBe(400)
    const json = (await response.json()) as { error: { type: string; message: string } }
    expect(json.error.type).toBe('invalid_request_error')
    expect(json.error.message).toMatch(/not valid UTF-8/)
  })

  it('in a Messages body → 400 in the Messages shape', async () => {
    const response = await fetch(`${gateway.baseUrl}/messages`, {
      method: 'POST',
      headers: xApiKey(CLIENT_KEY),
      body: body({ model: TEXT_MODEL, max_tokens: 16, messages: [{ role: 'user', content: 'hi BAD' }] }),
    })
    expect(response.status).toBe(400)
    const json = (await response.json()) as { type: string; error: { type: string; message: string } }
    expect(json.type).toBe('error')
    expect(json.error.type).toBe('invalid_request_error')
    expect(json.error.message).toMatch(/not valid UTF-8/)
  })
})

describe('error bodies', () => {
  /** `{"a":{"a":…1…}}`: deeper than a recursive walk can go on the stack, and under the 256 KB cap. */
  const deepObject = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)
  const INTERNALS =
    /Maximum call stack|RangeError|TypeError|\bat [\w.<>]+ \(|\.ts:\d+|node_modules|Internal gateway error:/

  // Both bodies made the gateway answer "Internal gateway error: Maximum call stack size exceeded".
  it.each([
    [
      'a tool schema property nested 40k deep (Chat Completions)',
      '/chat/completions',
      bearer(CLIENT_KEY),
      `{"model":"${TEXT_MODEL}","messages":[{"role":"user","content":"hi"}],"tools":[{"type":"function","function":{"name":"f","parameters":{"type":"object","properties":{"a":${deepObject(40_000)}}}}}]}`,
    ],
    [
      'a tool_use input nested 40k deep (Messages)',
      '/messages',
      xApiKey(CLIENT_KEY),
      `{"model":"${TEXT_MODEL}","max_tokens":16,"messages":[{"role":"user","content":"hi"},{"role":"assistant","content":[{"type":"tool_use","id":"toolu_1","name":"f","input":${deepObject(40_000)}}]},{"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_1","content":"ok"}]}]}`,
    ],
  ])('%s: refused without internal error text', async (_name, path, headers, body) => {
    const response = await fetch(gateway.baseUrl + path, { method: 'POST', headers, body })
    const text = await response.text()
    expect([400, 500]).toContain(response.status)
    expect(text).not.toMatch(INTERNALS)
    if (response.status === 500) expect(text).toContain(INTERNAL_ERROR_MESSAGE)
  })
})

describe('POST /v1/messages/count_tokens (@anthropic-ai/sdk messages.countTokens)', () => {
  const anthropic = (apiKey = CLIENT_KEY) =>
    new Anthropic({ apiKey, baseURL: gateway.origin, maxRetries: 0, timeout: 30_000 })

  it('counts a prompt: more text, system prompt or tools count more tokens', async () => {
    const base = { model: TEXT_MODEL, messages: [{ role: 'user' as const, content: 'Hello there.' }] }
    const small = await anthropic().messages.countTokens(base)
    expect(small).toEqual({ input_tokens: expect.any(Number) })
    expect(small.input_tokens).toBeGreaterThan(0)
    const longer = await anthropic().messages.countTokens({
      ...base,
      messages: [{ role: 'user', content: 'Hello there. '.repeat(50) }],
    })
    const withSystem = await anthropic().messages.countTokens({
      ...base,
      system: 'You are terse. '.repeat(20),
    })
    const withTools = await anthropic().messages.countTokens({
      ...base,
      tools: [
        {
          name: 'get_weather',
          description: 'Current weather for a city',
          input_schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
        },
      ],
    })
    expect(longer.input_tokens).toBeGreaterThan(small.input_tokens)
    expect(withSystem.input_tokens).toBeGreaterThan(small.input_tokens)
    expect(withTools.input_tokens).toBeGreaterThan(small.input_tokens)
  })

  it('needs the key like /messages, and knows only catalog models', async () => {
    const request = { model: TEXT_MODEL, messages: [{ role: 'user' as const, content: 'Hi' }] }
    await expect(anthropic('sk-wrong').messages.countTokens(request)).rejects.toBeInstanceOf(
      Anthropic.AuthenticationError,
    )
    await expect(
      anthropic().messages.countTokens({ ...request, model: 'no-such-model' }),
    ).rejects.toBeInstanceOf(Anthropic.NotFoundError)
    await expect(anthropic().messages.countTokens({ ...request, messages: [] })).rejects.toBeInstanceOf(
      Anthropic.BadRequestError,
    )
  })

  it('answers other methods with 405', async () => {
    const response = await fetch(`${gateway.baseUrl}/messages/count_tokens`, { headers: xApiKey(CLIENT_KEY) })
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('POST')
  })
})

describe('GET /v1/models/{id}', () => {
  it('openai: models.retrieve(id) → {id, object: "model", created, owned_by}; unknown → NotFoundError', async () => {
    const client = new OpenAI({ apiKey: CLIENT_KEY, baseURL: gateway.baseUrl, maxRetries: 0 })
    for (const id of MODELS) {
      const model = await client.models.retrieve(id)
      expect(model).toEqual({
        id,
        object: 'model',
        created: expect.any(Number),
        owned_by: expect.any(String),
      })
    }
    const listed = (await client.models.list()).data.find((model) => model.id === VISION_MODEL)
    expect(await client.models.retrieve(VISION_MODEL)).toEqual(listed)
    const missing = await client.models.retrieve('no-such-model').catch((error: unknown) => error)
    expect(missing).toBeInstanceOf(OpenAI.NotFoundError)
    expect((missing as InstanceType<typeof OpenAI.NotFoundError>).code).toBe('model_not_found')
  })

  it('@anthropic-ai/sdk: models.retrieve(id) → {id, type: "model", display_name, created_at}; unknown → NotFoundError', async () => {
    const client = new Anthropic({ apiKey: CLIENT_KEY, baseURL: gateway.origin, maxRetries: 0 })
    for (const id of MODELS) {
      const model = await client.models.retrieve(id)
      expect(model).toEqual({
        id,
        type: 'model',
        display_name: expect.any(String),
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      })
    }
    const page = await client.models.list()
    expect(await client.models.retrieve(TEXT_MODEL)).toEqual(
      page.data.find((model) => model.id === TEXT_MODEL),
    )
    await expect(client.models.retrieve('no-such-model')).rejects.toBeInstanceOf(Anthropic.NotFoundError)
  })

  it('needs the key', async () => {
    const response = await fetch(`${gateway.baseUrl}/models/${TEXT_MODEL}`)
    expect(response.status).toBe(401)
  })
})
