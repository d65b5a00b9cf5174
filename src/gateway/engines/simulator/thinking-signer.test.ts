import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { ChatMessage, ChatRequest } from '@shared/chat/chat-request'
import { GatewayError } from '@shared/chat/errors'
import { checkThinkingSignatures, createThinkingSigner } from './thinking-signer'

describe('createThinkingSigner', () => {
  it('verifies exactly the text it signed, and only under its own key', () => {
    const signer = createThinkingSigner()
    const other = createThinkingSigner()
    fc.assert(
      fc.property(fc.string(), fc.string(), (text, changed) => {
        const signature = signer.sign(text)
        expect(signer.verify(text, signature)).toBe(true)
        expect(signer.verify(changed, signature)).toBe(changed === text)
        expect(other.verify(text, signature)).toBe(false)
      }),
    )
  })

  it('refuses signatures that are not its own shape, without throwing', () => {
    const signer = createThinkingSigner()
    for (const bad of [
      '',
      'abc',
      '!!!',
      signer.sign('x').slice(0, -4),
      Buffer.alloc(64).toString('base64'),
    ]) {
      expect(signer.verify('x', bad)).toBe(false)
      expect(signer.verifyRedacted(bad)).toBe(false)
    }
  })

  it('accepts the redacted data it wrote, and nothing changed', () => {
    const signer = createThinkingSigner()
    const data = signer.redact('secret thinking')
    expect(signer.verifyRedacted(data)).toBe(true)
    expect(data).not.toContain('secret')
    const bytes = Buffer.from(data, 'base64')
    bytes[6] = (bytes[6] ?? 0) ^ 1
    expect(signer.verifyRedacted(bytes.toString('base64'))).toBe(false)
    expect(createThinkingSigner().verifyRedacted(data)).toBe(false)
  })
})

describe('checkThinkingSignatures', () => {
  const signer = createThinkingSigner()
  const user = (text: string): ChatMessage => ({ role: 'user', content: [{ type: 'text', text }] })
  const thinking = (text: string, signature: string): ChatMessage => ({
    role: 'assistant',
    content: [
      { type: 'reasoning', text, signature },
      { type: 'tool-call', id: 'call_1', name: 'get_weather', arguments: '{}' },
    ],
  })
  const request = (messages: ChatMessage[]): ChatRequest => ({ model: 'm', stream: false, messages })

  it('lets thinking sent back unchanged through', () => {
    const loop = [
      user('Weather?'),
      thinking('Let me look.', signer.sign('Let me look.')),
      { role: 'tool', toolCallId: 'call_1', content: 'sunny' },
    ] satisfies ChatMessage[]
    expect(() => checkThinkingSignatures(request(loop), signer)).not.toThrow()
  })

  it('refuses changed thinking in the current tool loop with a 400 naming the signature', () => {
    const signature = signer.sign('Let me look.')
    const loop = [
      user('Weather?'),
      thinking('Let me look again.', signature),
      { role: 'tool', toolCallId: 'call_1', content: 'sunny' },
    ] satisfies ChatMessage[]
    let error: unknown
    try {
      checkThinkingSignatures(request(loop), signer)
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(GatewayError)
    expect((error as GatewayError).kind).toBe('invalid_request')
    expect((error as GatewayError).message).toContain(signature.slice(0, 24))
    expect((error as GatewayError).message).toMatch(/signature/)
  })

  it('ignores earlier turns, whose thinking the API drops, and unsigned reasoning', () => {
    const earlier = [
      user('First?'),
      thinking('changed', signer.sign('original')),
      { role: 'tool', toolCallId: 'call_1', content: 'ok' },
      { role: 'assistant', content: [{ type: 'reasoning', text: 'from reasoning_content' }] },
      user('Second?'),
    ] satisfies ChatMessage[]
    expect(() => checkThinkingSignatures(request(earlier), signer)).not.toThrow()
  })

  it('refuses redacted thinking it did not write', () => {
    const loop = [
      user('Weather?'),
      { role: 'assistant', content: [{ type: 'redacted-reasoning', data: 'bm90IG91cnM=' }] },
    ] satisfies ChatMessage[]
    expect(() => checkThinkingSignatures(request(loop), signer)).toThrow(/redacted_thinking/)
  })
})
