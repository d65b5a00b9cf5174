import { z } from 'zod'

/**
 * The placeholders of the gateway spec ({base_url}, {login_url}, "the cloud provider",
 * <provider_id>, <publisher_name>) as settings. The defaults are deliberately placeholder values:
 * - `baseUrl` is the local gateway of this repo, so the offline profile works out of the box;
 * - `loginUrl` / `catalogPageUrl` live on `example.com` (RFC 2606, reserved for examples): a deployment
 *   against a hosted gateway must set them, and nobody mistakes them for a real sign-in page;
 * - `providerName` / `providerId` name an example provider;
 * - publishers are `VendorA` / `VendorB`, after the neutral words the spec puts in the model names.
 */

/** Model names start with these words (`vendora-V4-…`, `vendorb3.8-…`): one publisher per family. */
export type PublisherKey = 'vendora' | 'vendorb'

// Tabs and newlines would be silently dropped by the URL parser; spaces are not URLs. Refuse them
// rather than carry a different URL than the one configured.
// eslint-disable-next-line no-control-regex
const URL_FORBIDDEN_CHARACTERS = /[\s\x00-\x1f\x7f]/

function isHttpUrl(text: string): boolean {
  if (URL_FORBIDDEN_CHARACTERS.test(text) || !URL.canParse(text)) return false
  const { protocol } = new URL(text)
  return protocol === 'http:' || protocol === 'https:'
}

const httpUrlSchema = z
  .string()
  .refine(isHttpUrl, 'Must be an absolute http(s) URL without spaces or control characters.')

/** Dialect paths are appended to it, so a query or fragment would end up in the middle of the URL. */
const baseUrlSchema = httpUrlSchema.refine(
  (text) => !URL.canParse(text) || (new URL(text).search === '' && new URL(text).hash === ''),
  'The base URL may not carry a query or fragment: dialect paths are appended to it.',
)

const displayNameSchema = z.string().trim().min(1, 'Must not be empty.')

const publisherSchema = z.strictObject({
  name: displayNameSchema,
  /** One letter, the publisher's initial (spec §2.3 `publisher_mark`). */
  mark: z
    .string()
    .regex(/^\p{L}$/u, 'Must be exactly one letter; set the mark when the name starts otherwise.'),
})
type PublisherSettings = z.infer<typeof publisherSchema>

export const catalogSettingsSchema = z.strictObject({
  /** {base_url}: the dialect paths `/chat/completions` and `/messages` are relative to it. */
  baseUrl: baseUrlSchema,
  /** {login_url}: where a user signs in to get a key. */
  loginUrl: httpUrlSchema,
  /** Where the sign-in page sends the user back to (the catalog page of the app or gateway). */
  catalogPageUrl: httpUrlSchema,
  /** Display name of "the cloud provider" serving the models. */
  providerName: displayNameSchema,
  /** <provider_id>: fixed identifier of the self-deployed provider in `provider_pricing`. */
  providerId: displayNameSchema,
  publishers: z.strictObject({ vendora: publisherSchema, vendorb: publisherSchema }),
})
export type CatalogSettings = z.infer<typeof catalogSettingsSchema>

/** What a caller may override; a publisher name without a mark gets its initial as the mark. */
const catalogSettingsInputSchema = z.strictObject({
  baseUrl: z.string().optional(),
  loginUrl: z.string().optional(),
  catalogPageUrl: z.string().optional(),
  providerName: z.string().optional(),
  providerId: z.string().optional(),
  publishers: z
    .strictObject({
      vendora: publisherSchema.partial().optional(),
      vendorb: publisherSchema.partial().optional(),
    })
    .optional(),
})
export type CatalogSettingsInput = z.infer<typeof catalogSettingsInputSchema>

const DEFAULT_PUBLISHER_NAMES: Record<PublisherKey, string> = {
  vendora: 'VendorA',
  vendorb: 'VendorB',
}

/** The catalog page's path on the sign-in site, as on the example deployment. */
const DEFAULT_CATALOG_PAGE_PATH = '/models'

const DEFAULT_SETTINGS_WITHOUT_PUBLISHERS = {
  baseUrl: 'http://127.0.0.1:8787/v1',
  loginUrl: 'https://gateway.example.com/login',
  catalogPageUrl: 'https://gateway.example.com/models',
  providerName: 'Example Cloud',
  providerId: 'example-cloud-self-deployed',
} as const

/**
 * Where the sign-in page sends the user back (`return_to`) when no catalog page is configured: the
 * models page of the site the user signs in at. The example.com default is only for the example
 * login URL; a profile with its own login URL must never send its users back to example.com.
 */
function catalogPageNextTo(loginUrl: string | undefined): string {
  if (loginUrl === undefined || !isHttpUrl(loginUrl))
    return DEFAULT_SETTINGS_WITHOUT_PUBLISHERS.catalogPageUrl
  return new URL(DEFAULT_CATALOG_PAGE_PATH, loginUrl).href
}

/** The initial of a name, upper-cased: `VendorA` → `V`, `acme` → `A`. */
export function publisherInitial(name: string): string {
  const first = [...name.trim()][0] ?? ''
  return first.toUpperCase()
}

function resolvePublisher(
  key: PublisherKey,
  input: Partial<PublisherSettings> | undefined,
): PublisherSettings {
  const name = input?.name ?? DEFAULT_PUBLISHER_NAMES[key]
  return { name, mark: input?.mark ?? publisherInitial(name) }
}

/**
 * Defaults merged with `input`, validated. Throws a ZodError naming the field (e.g. `loginUrl`) when a
 * value is unusable, so a bad setting fails where it is set, not as a broken card later.
 */
export function resolveCatalogSettings(input: CatalogSettingsInput = {}): CatalogSettings {
  const parsed = catalogSettingsInputSchema.parse(input)
  return catalogSettingsSchema.parse({
    baseUrl: parsed.baseUrl ?? DEFAULT_SETTINGS_WITHOUT_PUBLISHERS.baseUrl,
    loginUrl: parsed.loginUrl ?? DEFAULT_SETTINGS_WITHOUT_PUBLISHERS.loginUrl,
    catalogPageUrl: parsed.catalogPageUrl ?? catalogPageNextTo(parsed.loginUrl),
    providerName: parsed.providerName ?? DEFAULT_SETTINGS_WITHOUT_PUBLISHERS.providerName,
    providerId: parsed.providerId ?? DEFAULT_SETTINGS_WITHOUT_PUBLISHERS.providerId,
    publishers: {
      vendora: resolvePublisher('vendora', parsed.publishers?.vendora),
      vendorb: resolvePublisher('vendorb', parsed.publishers?.vendorb),
    },
  })
}

export const DEFAULT_CATALOG_SETTINGS: CatalogSettings = resolveCatalogSettings()
