import { describe, expect, it } from 'vitest'
import { describeApiKey, gatewayBanner } from './cli-banner'

describe('describeApiKey', () => {
  it('prints the key in use, naming where it came from (tooling reads it back)', () => {
    expect(describeApiKey('sk-local-example-1234', 'flag')).toBe('sk-local-example-1234  (from --key)')
    expect(describeApiKey('sk-from-env-wxyz', 'env')).toBe('sk-from-env-wxyz  (from $MODEL_GATEWAY_API_KEY)')
  })

  it('shows a generated key whole, with how to reuse it', () => {
    const text = describeApiKey('sk-local-Zm9vYmFy', 'generated')
    expect(text).toContain('sk-local-Zm9vYmFy  (generated for this run')
    expect(text).toContain('export MODEL_GATEWAY_API_KEY=sk-local-Zm9vYmFy')
  })
})

describe('gatewayBanner', () => {
  it('prints the base URL, the port, the key line and the config source', () => {
    const banner = gatewayBanner({
      baseUrl: 'http://127.0.0.1:4321/v1',
      port: 4321,
      apiKey: 'sk-secret-value-9876',
      keySource: 'flag',
      faultInjection: false,
      configPath: 'gw.json',
    })
    expect(banner).toContain('  Base URL: http://127.0.0.1:4321/v1\n')
    expect(banner).toContain('  Port:     4321\n')
    expect(banner).toContain('  Config:   gw.json\n')
    expect(banner).toContain('Fault injection (x-simulate): off')
    expect(banner).toContain('  API key:  sk-secret-value-9876  (from --key)\n')
  })
})
