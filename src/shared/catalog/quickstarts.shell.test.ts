import { execFile } from 'node:child_process'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEchoServer, type EchoServer } from '@test/support/echo-server'
import { anthropicMessagesDialect } from '../dialects/anthropic-messages/index'
import { openaiChatDialect } from '../dialects/openai-chat/index'
import { buildCatalog } from './build-catalog'
import { quickstartRequest } from './quickstarts'

/*
 * The catalog's quickstart commands, pasted into a shell for real: each one must reach {base_url} with
 * the key taken from $MODEL_GATEWAY_API_KEY and the very body the dialect builds for the app.
 */

const execFileAsync = promisify(execFile)
const KEY = 'sk-CANARY-quickstart-5b1e9f3a'

let server: EchoServer
let cwd: string

beforeAll(async () => {
  server = await startEchoServer()
  cwd = await mkdtemp(join(tmpdir(), 'quickstart-'))
})
afterAll(async () => {
  await server.close()
  await rm(cwd, { recursive: true, force: true })
})

describe.each(['bash', 'dash'])('catalog quickstarts run in %s', (shell) => {
  it('send the dialect request to {base_url} with the key from the environment', async () => {
    const baseUrl = `${server.origin}/v1`
    for (const record of buildCatalog({ baseUrl })) {
      const [openaiItem, anthropicItem] = record.token_factory.access.quickstarts
      const request = quickstartRequest(record.model)
      const target = { baseUrl, apiKey: KEY }
      for (const [command, dialect] of [
        [openaiItem?.value ?? '', openaiChatDialect],
        [anthropicItem?.value ?? '', anthropicMessagesDialect],
      ] as const) {
        server.clear()
        // As printed, plus flags that make a failed request fail the test instead of printing HTML.
        await execFileAsync(shell, ['-c', `${command} --silent --show-error --fail --output /dev/null`], {
          cwd,
          env: { PATH: process.env.PATH ?? '/usr/bin:/bin', MODEL_GATEWAY_API_KEY: KEY },
        })
        const sent = dialect.buildRequest(request, target).http
        const [received] = server.requests
        expect(server.requests).toHaveLength(1)
        expect(received?.method).toBe('POST')
        expect(server.origin + (received?.url ?? '')).toBe(sent.url)
        expect(received?.body.toString('utf8')).toBe(sent.body)
        for (const [name, value] of Object.entries(sent.headers)) expect(received?.headers[name]).toBe(value)
      }
    }
    expect(await readdir(cwd)).toEqual([])
  })
})
