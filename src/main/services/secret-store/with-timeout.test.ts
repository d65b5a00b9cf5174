import { describe, expect, it } from 'vitest'
import { KeychainTimeoutError, withTimeout } from './with-timeout'

describe('withTimeout', () => {
  it('passes through a value that arrives in time', async () => {
    await expect(withTimeout(async () => 'value', 100, 'getPassword')).resolves.toBe('value')
  })

  it('rejects with a timeout error naming the operation when the call never settles', async () => {
    const failure = await withTimeout(() => new Promise<never>(() => undefined), 20, 'setPassword').catch(
      (error: unknown) => error,
    )
    expect(failure).toBeInstanceOf(KeychainTimeoutError)
    expect((failure as KeychainTimeoutError).operation).toBe('setPassword')
  })

  it('turns a synchronous throw into a rejection', async () => {
    await expect(
      withTimeout(
        () => {
          throw new Error('Password is required.')
        },
        100,
        'setPassword',
      ),
    ).rejects.toThrow('Password is required.')
  })
})
