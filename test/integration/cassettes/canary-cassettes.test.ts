import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseCassetteText } from '@node/cassettes/cassette-file'
import { hostileReplies, keyLeaks } from '@main/services/runs/__fixtures__/hostile-replies'
import type { DialectId } from '@shared/chat/chat-request'
import { startHostileUpstream } from '../canary/hostile-upstream'
import { CLIENT_KEY, TEXT_MODEL, startProxyGateway } from '../gateway/support/gateways'
import { bearer, xApiKey } from '../gateway/support/raw-http'

/**
 * A canary key planted through the whole record path: the upstream key of a recording proxy, echoed
 * back by hostile upstreams in every field, header and spelling (plain, JSON-escaped, URL-encoded,
 * base64), and pasted by the user into the prompt. Not one spelling of it may reach the folder.
 */
const CANARY = 'sk-CANARY-5e1d7c2b-9a4f-4b6e-8d3c-2f1a0b9c8d7e'
const DIALECTS: DialectId[] = ['openai-chat', 'anthropic-messages']

let root: string
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'canary-cassettes-'))
})
afterAll(() => rm(root, { recursive: true, force: true }))

/** Every spelling of the key in one text. */
const SPELLINGS = [
  CANARY,
  CANARY.replace(/-/g, '\\u002d'),
  encodeURIComponent(CANARY).replace(/-/g, '%2D'),
  Buffer.from(CANARY).toString('base64'),
  Buffer.from(` ${CANARY}`).toString('base64url'),
].join(' | ')

/** An upstream that answers with the key it was sent in every spelling: stream, JSON, and an error. */
async function startSpellingUpstream() {
  const server = createServer((req, res) => {
    const key = String(req.headers['x-api-key'] ?? req.headers.authorization?.replace(/^Bearer /, '') ?? '')
    const echo = {
      'x-request-id': key,
      'x-echo-base64': Buffer.from(key).toString('base64'),
      'set-cookie': `s=${key}`,
    }
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
    req.on('end', () => {
      const spelled = SPELLINGS.split(CANARY).join(key)
      if (body.includes('error please')) {
        res.writeHead(401, { 'content-type': 'application/json', ...echo })
        res.end(JSON.stringify({ error: { message: `bad key ${spelled}`, type: key } }))
        return
      }
      if (!body.includes('"stream":true')) {
        res.writeHead(200, { 'content-type': 'application/json', ...echo })
        res.end(
          JSON.stringify({
            id: key,
            object: 'chat.completion',
            created: 1,
            model: key,
            choices: [{ index: 0, message: { role: 'assistant', content: spelled }, finish_reason: 'stop' }],
            usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
          }),
        )
        return
      }
      res.writeHead(200, { 'content-type': 'text/event-stream', ...echo })
      const chunk = (content: string) =>
        `event: ${key}\ndata: ${JSON.stringify({ id: key, object: 'chat.completion.chunk', created: 1, model: key, choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`
      res.write(chunk(spelled.slice(0, 20)))
      res.write(chunk(spelled.slice(20)))
      res.end('data: [DONE]\n\n')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    close: () =>
      new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  }
}

async function send(origin: string, dialect: DialectId, content: string, stream: boolean): Promise<void> {
  const messages = dialect === 'anthropic-messages'
  const response = await fetch(origin + (messages ? '/v1/messages' : '/v1/chat/completions'), {
    method: 'POST',
    headers: messages ? xApiKey(CLIENT_KEY) : bearer(CLIENT_KEY),
    body: JSON.stringify({
      model: TEXT_MODEL,
      max_tokens: 300,
      stream,
      messages: [{ role: 'user', content }],
    }),
  })
  await response.text()
}

async function folderText(dir: string): Promise<{ names: string[]; text: string }> {
  const names = await readdir(dir)
  let text = ''
  for (const name of names) {
    const content = await readFile(join(dir, name), 'utf8')
    parseCassetteText(content, name)
    text += content
  }
  return { names, text }
}

describe('a recording proxy whose upstream echoes its key', () => {
  it('hostile replies of both dialects (ids, models, tool names, events, errors): no spelling of the key in the folder', async () => {
    const upstream = await startHostileUpstream()
    const dir = join(root, 'hostile')
    try {
      for (const dialect of DIALECTS) {
        const front = await startProxyGateway({
          upstreamBaseUrl: upstream.baseUrl,
          upstreamDialect: dialect,
          upstreamKey: CANARY,
          overrides: { record: { dir } },
        })
        for (const reply of hostileReplies(CANARY).filter((r) => r.dialect === dialect))
          await send(front.origin, dialect, reply.name, reply.status === 200)
        await front.close()
      }
    } finally {
      await upstream.close()
    }
    const { names, text } = await folderText(dir)
    expect(names.length).toBe(hostileReplies(CANARY).length)
    expect(keyLeaks(text, CANARY)).toEqual([])
  })

  it('every spelling (plain, escaped, URL-encoded, base64) in text, events, headers, errors and the prompt: none kept', async () => {
    const upstream = await startSpellingUpstream()
    const dir = join(root, 'spellings')
    try {
      const front = await startProxyGateway({
        upstreamBaseUrl: upstream.baseUrl,
        upstreamDialect: 'openai-chat',
        upstreamKey: CANARY,
        overrides: { record: { dir } },
      })
      for (const dialect of DIALECTS) {
        await send(front.origin, dialect, `streamed, my key is ${CANARY}`, true)
        await send(front.origin, dialect, `whole, my key is ${CANARY}`, false)
        await send(front.origin, dialect, 'error please', false)
      }
      await front.close()
    } finally {
      await upstream.close()
    }
    const { names, text } = await folderText(dir)
    // Same canonical request from either client dialect: one cassette each.
    expect(names.length).toBe(3)
    expect(text).toContain('[redacted]')
    expect(keyLeaks(text, CANARY)).toEqual([])
    for (const form of [Buffer.from(CANARY).toString('base64').slice(4, -4), 'set-cookie'])
      expect(text).not.toContain(form)
  })
})
