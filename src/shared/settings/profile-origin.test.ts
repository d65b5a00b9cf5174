import { describe, expect, it } from 'vitest'
import { insecureBaseUrlWarning, originChanged, urlOrigin } from './profile-origin'

describe('profile origins', () => {
  it('compares scheme, host and port, not the path', () => {
    expect(originChanged('https://a.example/v1', 'https://a.example/v2/')).toBe(false)
    expect(originChanged('https://a.example/v1', 'https://a.example:443/v1')).toBe(false)
    expect(originChanged('https://a.example/v1', 'http://a.example/v1')).toBe(true)
    expect(originChanged('https://a.example/v1', 'https://b.example/v1')).toBe(true)
    expect(originChanged('https://a.example/v1', 'https://a.example:8443/v1')).toBe(true)
    expect(originChanged('https://a.example/v1', 'https://a.example.evil.test/v1')).toBe(true)
    expect(urlOrigin('ftp://a.example')).toBeUndefined()
  })

  it('warns about plain http to another machine only', () => {
    for (const url of ['http://gateway.example.com/v1', 'http://10.0.0.5:8080/v1', 'http://[fe80::1]/v1']) {
      expect(insecureBaseUrlWarning(url), url).toMatch(/unencrypted/)
    }
    for (const url of [
      'https://gateway.example.com/v1',
      'http://127.0.0.1:8787/v1',
      'http://localhost:3000/v1',
      'http://[::1]:8787/v1',
      'not a url',
    ]) {
      expect(insecureBaseUrlWarning(url), url).toBeUndefined()
    }
  })
})
