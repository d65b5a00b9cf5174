import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ChatRequest } from '@shared/chat/chat-request'
import { cassetteFileName, writeCassette } from './cassette-file'
import { openCassetteLibrary } from './cassette-library'
import { sampleCassette, SAMPLE_REQUEST } from './__fixtures__/sample-cassette'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'library-'))
})
afterEach(() => rm(dir, { recursive: true, force: true }))

const ask = (text: string, extra: Partial<ChatRequest> = {}): ChatRequest => ({
  ...SAMPLE_REQUEST,
  messages: [{ role: 'user', content: [{ type: 'text', text }] }],
  ...extra,
})

describe('openCassetteLibrary', () => {
  it('finds a cassette by the request, streamed or not, and prefers the one of the client dialect', async () => {
    const fromChat = sampleCassette(ask('hello'))
    const fromMessages = { ...fromChat, upstream: { dialect: 'anthropic-messages' as const } }
    await writeCassette(dir, fromChat)
    await writeCassette(dir, fromMessages)
    const library = openCassetteLibrary(dir)
    const asMessages = await library.find({ ...ask('hello'), stream: false }, 'anthropic-messages')
    expect(asMessages.found && asMessages.file).toBe(cassetteFileName(fromMessages))
    const asChat = await library.find(ask('hello'), 'openai-chat')
    expect(asChat.found && asChat.file).toBe(cassetteFileName(fromChat))
  })

  it('finds a cassette written after it first listed the folder', async () => {
    const library = openCassetteLibrary(dir)
    expect((await library.find(ask('later'), 'openai-chat')).found).toBe(false)
    await writeCassette(dir, sampleCassette(ask('later')))
    expect((await library.find(ask('later'), 'openai-chat')).found).toBe(true)
  })

  it('on a miss names the closest cassette and what differs, never the folder', async () => {
    await writeCassette(dir, sampleCassette(ask('hello', { temperature: 0.5 })))
    await writeCassette(dir, sampleCassette(ask('something else entirely')))
    await writeFile(join(dir, 'README.md'), 'not a cassette')
    const lookup = await openCassetteLibrary(dir).find(ask('hello', { temperature: 0.7 }), 'openai-chat')
    expect(lookup.found).toBe(false)
    if (lookup.found) return
    const closest = cassetteFileName(sampleCassette(ask('hello', { temperature: 0.5 })))
    expect(lookup.message).toMatch(/^No cassette matched this request \(hash [0-9a-f]{16}\)\. /)
    expect(lookup.message).toContain(`The closest is ${closest}, which differs in temperature.`)
    expect(lookup.message).not.toContain(dir)
  })

  it('says so when the folder holds no cassette, or does not exist', async () => {
    for (const folder of [dir, join(dir, 'missing')]) {
      const lookup = await openCassetteLibrary(folder).find(ask('x'), 'openai-chat')
      expect(lookup).toEqual({
        found: false,
        message: expect.stringMatching(/holds no cassettes\.$/) as unknown,
      })
    }
  })

  it('does not take a file whose whole hash differs for a match', async () => {
    const cassette = sampleCassette(ask('hello'))
    const other = sampleCassette(ask('other'))
    // The file name of `hello`, the content of `other`: 16 digits are not the whole hash.
    await writeFile(join(dir, cassetteFileName(cassette)), JSON.stringify(other))
    expect((await openCassetteLibrary(dir).find(ask('hello'), 'openai-chat')).found).toBe(false)
  })
})
