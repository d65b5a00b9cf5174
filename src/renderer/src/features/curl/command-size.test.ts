import { describe, expect, it } from 'vitest'
import { bodyTooLongForOneArgument, formatBytes } from './command-size'

describe('command size', () => {
  it('warns from the first body that cannot be one Linux argument (128 KiB with its NUL)', () => {
    expect(bodyTooLongForOneArgument(128 * 1024 - 1)).toBe(false)
    expect(bodyTooLongForOneArgument(128 * 1024)).toBe(true)
  })

  it('formats sizes in binary units', () => {
    expect(formatBytes(812)).toBe('812 B')
    expect(formatBytes(3482)).toBe('3.40 KiB')
    expect(formatBytes(131072)).toBe('128 KiB')
    expect(formatBytes(1.25 * 1024 * 1024)).toBe('1.25 MiB')
  })
})
