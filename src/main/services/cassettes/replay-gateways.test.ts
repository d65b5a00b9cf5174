import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { dialects } from '@shared/dialects'
import type { Profile } from '@shared/settings/settings-schema'
import { writeCassette } from '@node/cassettes/cassette-file'
import { sampleCassette } from '@node/cassettes/__fixtures__/sample-cassette'
import { createReplayGateways, type ReplayGateways } from './replay-gateways'

const KEY = 'sk-local-replay-gateways-test'
const body = (text: string) => ({
  model: 'vendorb3.8-Flash-Next',
  stream: true,
  messages: [{ role: 'user', content: text }],
})
const send = (baseUrl: string, text: string) =>
  fetch(`${baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify(body(text)),
  })

const replayProfile = (speed: 1 | 'instant'): Profile => ({
  id: 'replay-1',
  name: 'Replay',
  kind: 'replay',
  baseUrl: '',
  catalogSource: 'bundled',
  replay: { folder: 'tapes', speed },
})

let dataDir: string
let replays: ReplayGateways | undefined
let started = 0
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'replay-gateways-'))
  // A cassette of this very request, in the folder the profile names (under the data folder).
  const request = dialects['openai-chat'].decodeRequest(body('Say hello'))
  await writeCassette(path.join(dataDir, 'cassettes', 'tapes'), sampleCassette(request))
  started = 0
  replays = createReplayGateways({ apiKey: KEY, userDataDir: dataDir, onStarted: () => started++ })
})
afterEach(async () => {
  await replays?.close()
  await rm(dataDir, { recursive: true, force: true })
})

describe('the gateways of replay profiles', () => {
  it("serves the profile's folder with the local key, and a miss as the client dialect's error naming the closest", async () => {
    const gateways = replays!
    expect(gateways.currentUrl('replay-1')).toBe('')
    const baseUrl = await gateways.baseUrl(replayProfile('instant'))
    expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/)
    expect(gateways.currentUrl('replay-1')).toBe(baseUrl)
    expect(started).toBe(1)

    const hit = await send(baseUrl, 'Say hello')
    expect(hit.status).toBe(200)
    expect(hit.headers.get('content-type')).toMatch(/text\/event-stream/)
    const text = await hit.text()
    expect(text).toContain('"Hel"')
    expect(text).toContain('"lo"')

    const miss = await send(baseUrl, 'Say goodbye')
    expect(miss.status).toBe(404)
    const error = (await miss.json()) as { error: { message: string } }
    expect(error.error.message).toMatch(
      /No cassette matched this request .*The closest is [0-9a-f]{16}\.openai-chat\.json/,
    )

    const wrongKey = await fetch(`${baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk-someone-else', 'content-type': 'application/json' },
      body: JSON.stringify(body('Say hello')),
    })
    expect(wrongKey.status).toBe(401)

    // Asked again: the same gateway.
    expect(await gateways.baseUrl(replayProfile('instant'))).toBe(baseUrl)
    expect(started).toBe(1)
  })

  it('a profile edited to another speed gets a new gateway; a removed one loses its own', async () => {
    const gateways = replays!
    const first = await gateways.baseUrl(replayProfile('instant'))
    await gateways.retain([replayProfile(1)])
    expect(gateways.currentUrl('replay-1')).toBe('')
    await expect(send(first, 'Say hello')).rejects.toThrow()

    const second = await gateways.baseUrl(replayProfile(1))
    expect((await send(second, 'Say hello')).status).toBe(200)
    expect(started).toBe(2)
    await gateways.retain([])
    expect(gateways.currentUrl('replay-1')).toBe('')
    await expect(send(second, 'Say hello')).rejects.toThrow()
  })
})
