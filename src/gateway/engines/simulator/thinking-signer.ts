import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { ChatRequest } from '@shared/chat/chat-request'
import { invalidParamError } from '@shared/chat/errors'
import { currentToolLoopStart } from '@shared/tokens/prompt-segments'

/** Marks what this gateway signed: a signature that does not start with it was not made here. */
const SIGNATURE_TAG = Buffer.from('sim1')

/**
 * Signs the simulator's thinking the way a real service does: an HMAC over the thinking text with a
 * key only this gateway process holds (random at start, never written anywhere), so a client can
 * carry thinking back but cannot change it, and a signature from another process does not verify.
 * Redacted thinking is a digest of the text under the same key.
 */
export type ThinkingSigner = {
  sign(text: string): string
  verify(text: string, signature: string): boolean
  /** The `data` of a redacted thinking block made of `text`. */
  redact(text: string): string
  verifyRedacted(data: string): boolean
}

export function createThinkingSigner(key: Buffer = randomBytes(32)): ThinkingSigner {
  const mac = (purpose: string, content: Buffer | string): Buffer =>
    createHmac('sha256', key).update(purpose).update('\u0000').update(content).digest()
  const matches = (encoded: string, purpose: string, content: (body: Buffer) => Buffer | string): boolean => {
    const bytes = Buffer.from(encoded, 'base64')
    const bodyEnd = bytes.length - 32
    if (bodyEnd < SIGNATURE_TAG.length || !bytes.subarray(0, SIGNATURE_TAG.length).equals(SIGNATURE_TAG))
      return false
    const body = bytes.subarray(SIGNATURE_TAG.length, bodyEnd)
    return timingSafeEqual(bytes.subarray(bodyEnd), mac(purpose, content(body)))
  }
  return {
    sign: (text) => Buffer.concat([SIGNATURE_TAG, mac('thinking', text)]).toString('base64'),
    verify: (text, signature) => matches(signature, 'thinking', () => text),
    redact(text) {
      const digest = createHash('sha256').update(text).digest()
      return Buffer.concat([SIGNATURE_TAG, digest, mac('redacted', digest)]).toString('base64')
    },
    verifyRedacted: (data) => matches(data, 'redacted', (body) => body),
  }
}

/**
 * Thinking sent back must be the thinking this gateway wrote, unchanged (B1.3): in the current tool
 * loop (currentToolLoopStart; the API drops earlier turns' thinking), every signed reasoning part
 * must verify and every redacted one must be ours, or the request is a 400 that names the signature.
 * Unsigned reasoning (Chat Completions' `reasoning_content`) has nothing to verify.
 */
export function checkThinkingSignatures(request: ChatRequest, signer: ThinkingSigner): void {
  const messages = request.messages
  for (let index = currentToolLoopStart(messages); index < messages.length; index++) {
    const message = messages[index]
    if (message?.role !== 'assistant') continue
    for (const part of message.content) {
      if (
        part.type === 'reasoning' &&
        part.signature !== undefined &&
        !signer.verify(part.text, part.signature)
      ) {
        throw invalidParamError(
          'messages',
          `Invalid signature in thinking block: the thinking text does not match its signature ${quoteSignature(part.signature)}. Send thinking blocks back unchanged, to the gateway that wrote them (its key lasts until it restarts).`,
        )
      }
      if (part.type === 'redacted-reasoning' && !signer.verifyRedacted(part.data)) {
        throw invalidParamError(
          'messages',
          `Invalid data in redacted_thinking block ${quoteSignature(part.data)}: it was not written by this gateway, or was changed.`,
        )
      }
    }
  }
}

/** A signature as an error names it: its start, enough to find it, never kilobytes of it. */
function quoteSignature(signature: string): string {
  return JSON.stringify(signature.length > 24 ? `${signature.slice(0, 24)}…` : signature)
}
