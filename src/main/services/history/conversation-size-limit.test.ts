import { describe, expect, it } from 'vitest'
import { MAX_TEXT_FILE_BYTES } from '../json-store'
import { MAX_CONVERSATION_MB_ENV, maxConversationBytesFromEnv } from './conversation-size-limit'

describe('maxConversationBytesFromEnv', () => {
  it('leaves the default when unset or blank', () => {
    expect(maxConversationBytesFromEnv({})).toEqual({})
    expect(maxConversationBytesFromEnv({ [MAX_CONVERSATION_MB_ENV]: ' ' })).toEqual({})
  })

  it('reads megabytes, and caps them at what a string can hold', () => {
    expect(maxConversationBytesFromEnv({ [MAX_CONVERSATION_MB_ENV]: '64' })).toEqual({
      bytes: 64 * 1024 * 1024,
    })
    expect(maxConversationBytesFromEnv({ [MAX_CONVERSATION_MB_ENV]: '0.5' })).toEqual({ bytes: 512 * 1024 })
    expect(maxConversationBytesFromEnv({ [MAX_CONVERSATION_MB_ENV]: '100000' })).toEqual({
      bytes: MAX_TEXT_FILE_BYTES,
    })
  })

  it('explains a value that is not a positive number', () => {
    for (const value of ['0', '-1', 'lots', 'Infinity']) {
      expect(maxConversationBytesFromEnv({ [MAX_CONVERSATION_MB_ENV]: value }).problem).toContain(
        MAX_CONVERSATION_MB_ENV,
      )
    }
  })
})
