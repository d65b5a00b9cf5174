import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const PRELOAD = fileURLToPath(new URL('./listen-on-loopback.mjs', import.meta.url))

/** Runs `listen(...)` in a real node process with the preload, as the peer gateway is run. */
function listenedAddress(listenCall: string): string {
  const script =
    `const server = require('node:http').createServer();` +
    `server.${listenCall};` +
    `server.on('listening', () => { console.log(server.address().address); server.close() })`
  return execFileSync(process.execPath, ['--import', PRELOAD, '-e', script], {
    encoding: 'utf8',
    timeout: 10_000,
  }).trim()
}

describe('listen-on-loopback (the peer gateway listens on loopback only)', () => {
  it.each([
    ['a port alone', 'listen(0)'],
    ['a port and an undefined host (what @hono/node-server calls)', 'listen(0, undefined, () => {})'],
    ['a port and a callback', 'listen(0, () => {})'],
    ['options without a host', 'listen({ port: 0 })'],
  ])('pins %s to 127.0.0.1', (_, call) => {
    expect(listenedAddress(call)).toBe('127.0.0.1')
  })

  it('keeps a host the caller names', () => {
    expect(listenedAddress("listen(0, '::1')")).toBe('::1')
  })
})
