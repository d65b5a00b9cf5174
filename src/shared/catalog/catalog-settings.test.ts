import { describe, expect, it } from 'vitest'
import { ZodError } from 'zod'
import {
  catalogSettingsSchema,
  DEFAULT_CATALOG_SETTINGS,
  publisherInitial,
  resolveCatalogSettings,
  type CatalogSettingsInput,
} from './catalog-settings'

describe('resolveCatalogSettings', () => {
  it('defaults to the local gateway and clearly-placeholder names', () => {
    expect(resolveCatalogSettings()).toEqual({
      baseUrl: 'http://127.0.0.1:8787/v1',
      loginUrl: 'https://gateway.example.com/login',
      catalogPageUrl: 'https://gateway.example.com/models',
      providerName: 'Example Cloud',
      providerId: 'example-cloud-self-deployed',
      publishers: {
        vendora: { name: 'VendorA', mark: 'V' },
        vendorb: { name: 'VendorB', mark: 'V' },
      },
    })
    expect(DEFAULT_CATALOG_SETTINGS).toEqual(resolveCatalogSettings({}))
  })

  it('overrides only what is given', () => {
    const settings = resolveCatalogSettings({
      baseUrl: 'https://models.corp.test/api/v1',
      providerName: 'Corp Cloud',
      publishers: { vendorb: { name: 'Bravo Labs', mark: 'B' } },
    })
    expect(settings).toEqual({
      baseUrl: 'https://models.corp.test/api/v1',
      loginUrl: 'https://gateway.example.com/login',
      catalogPageUrl: 'https://gateway.example.com/models',
      providerName: 'Corp Cloud',
      providerId: 'example-cloud-self-deployed',
      publishers: {
        vendora: { name: 'VendorA', mark: 'V' },
        vendorb: { name: 'Bravo Labs', mark: 'B' },
      },
    })
  })

  it('takes a renamed publisher initial as its mark unless a mark is given', () => {
    const settings = resolveCatalogSettings({
      publishers: { vendora: { name: 'acme AI' }, vendorb: { mark: 'Q' } },
    })
    expect(settings.publishers).toEqual({
      vendora: { name: 'acme AI', mark: 'A' },
      vendorb: { name: 'VendorB', mark: 'Q' },
    })
    expect(publisherInitial('élan')).toBe('É')
  })

  it('is idempotent on resolved settings', () => {
    const custom = resolveCatalogSettings({ providerId: 'p-1', publishers: { vendora: { name: 'Zed' } } })
    expect(resolveCatalogSettings(custom)).toEqual(custom)
  })

  const invalidInputs: Array<[string, CatalogSettingsInput, string]> = [
    ['a relative base URL', { baseUrl: '/v1' }, 'baseUrl'],
    ['a non-http base URL', { baseUrl: 'ftp://host/v1' }, 'baseUrl'],
    ['a base URL with a query', { baseUrl: 'http://host/v1?key=1' }, 'baseUrl'],
    ['a base URL with a fragment', { baseUrl: 'http://host/v1#x' }, 'baseUrl'],
    [
      'a newline in a URL (the URL parser would silently drop it)',
      { loginUrl: 'https://a.test/lo\ngin' },
      'loginUrl',
    ],
    ['a space in a URL', { catalogPageUrl: 'https://a.test/my models' }, 'catalogPageUrl'],
    ['a javascript: login URL', { loginUrl: 'javascript:alert(1)' }, 'loginUrl'],
    ['an empty provider name', { providerName: '  ' }, 'providerName'],
    ['an empty provider id', { providerId: '' }, 'providerId'],
    ['a mark of two letters', { publishers: { vendora: { mark: 'VA' } } }, 'publishers.vendora.mark'],
    [
      'a name whose initial is not a letter',
      { publishers: { vendorb: { name: '3Labs' } } },
      'publishers.vendorb.mark',
    ],
    ['an unknown setting', { basUrl: 'http://x.test' } as CatalogSettingsInput, ''],
    [
      'an unknown publisher',
      { publishers: { vendorc: { name: 'C' } } } as CatalogSettingsInput,
      'publishers',
    ],
  ]

  it.each(invalidInputs)('refuses %s, naming the field', (_, input, path) => {
    let caught: unknown
    try {
      resolveCatalogSettings(input)
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(ZodError)
    expect((caught as ZodError).issues.map((issue) => issue.path.join('.'))).toContain(path)
  })

  it('the full schema requires every field', () => {
    const { providerId: _, ...withoutProviderId } = DEFAULT_CATALOG_SETTINGS
    expect(catalogSettingsSchema.safeParse(withoutProviderId).success).toBe(false)
    expect(catalogSettingsSchema.safeParse(DEFAULT_CATALOG_SETTINGS).success).toBe(true)
  })
})
