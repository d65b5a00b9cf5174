import { describe, expect, it } from 'vitest'
import { TEXT_MODEL, VISION_MODEL } from '@shared/catalog'
import { exactContextLength, formatContextLength } from './format-context-length'

describe('formatContextLength', () => {
  it('reads the seed models as model pages write them', () => {
    expect(formatContextLength(VISION_MODEL.contextLength)).toBe('1M tokens')
    expect(formatContextLength(TEXT_MODEL.contextLength)).toBe('256K tokens')
  })

  it('keeps one decimal when the length is not a binary multiple, and small numbers as they are', () => {
    expect(formatContextLength(200_000)).toBe('195.3K tokens')
    expect(formatContextLength(1_572_864)).toBe('1.5M tokens')
    expect(formatContextLength(512)).toBe('512 tokens')
  })

  it('gives the exact count with thousands separators for the tooltip', () => {
    expect(exactContextLength(1048576)).toBe('1,048,576 tokens')
    expect(exactContextLength(262144)).toBe('262,144 tokens')
  })
})
