import { buildCatalog, catalogModelListSchema, type CatalogModel } from '@shared/catalog'
import type { Profile } from '@shared/settings/settings-schema'
import { redactStrings } from '@shared/redaction/redact-strings'
import { createSecretMatcher } from '@shared/redaction/secret-matcher'
import type { Logger } from '../log/logger'
import { REDACTED } from '../log/redact'
import { pumpBody } from '../runs/pump-body'

export type CatalogView = {
  profileId: string
  models: CatalogModel[]
  source: 'bundled' | 'gateway'
  fetchedAt?: number
  /** Why the bundled catalog is shown although the profile asked for the gateway's. */
  warning?: string
}

const FETCH_TIMEOUT_MS = 10_000
/** The bundled catalog is ~100 KB; a catalog 40 times that is not one, and is not read to the end. */
export const MAX_CATALOG_BYTES = 4 * 1024 * 1024

/** The body as text, or `undefined` when it is longer than `maxBytes` (reading stops there). */
async function readCappedText(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
  signal: AbortSignal,
): Promise<string | undefined> {
  const decoder = new TextDecoder()
  let text = ''
  let bytes = 0
  const read = await pumpBody(body, {
    // The fetch's own timeout signal bounds the read; idle is covered by it.
    idleMs: FETCH_TIMEOUT_MS,
    signal,
    onIdle: () => undefined,
    onChunk: (chunk) => {
      bytes += chunk.byteLength
      if (bytes > maxBytes) return false
      text += decoder.decode(chunk, { stream: true })
      return true
    },
  })
  if (read === 'stopped' && bytes > maxBytes) return undefined
  return text + decoder.decode()
}

/**
 * The catalog of a profile: the bundled records (built for the profile's base and login URLs), replaced
 * by the profile's own `GET {baseUrl}/catalog` when it has one that passes the schema. A response that
 * fails is reported in `warning` and the bundled catalog kept: a hosted gateway changing its records
 * must not blank the app, and the user should hear about the drift.
 */
export function createCatalogLoader(options: {
  fetch?: typeof fetch
  logger: Logger
  apiKey: (profileId: string) => Promise<string | null>
}) {
  const doFetch = options.fetch ?? fetch
  const cache = new Map<string, CatalogView>()

  function bundled(profile: Profile): CatalogModel[] {
    return buildCatalog({
      baseUrl: profile.baseUrl,
      ...(profile.loginUrl ? { loginUrl: profile.loginUrl } : {}),
    })
  }

  async function load(profile: Profile): Promise<CatalogView> {
    let redact = (text: string): string => text
    // Warnings are whole sentences, shown as they are: the renderer must not touch a leading URL.
    const fallback = (unredacted: string): CatalogView => {
      // Warnings quote the server (a redirect's location, an error): the key must not come along.
      const warning = redact(unredacted)
      options.logger.warn(`catalog of profile ${profile.id}: ${warning}`)
      return { profileId: profile.id, models: bundled(profile), source: 'bundled', warning }
    }
    if (profile.catalogSource === 'bundled')
      return { profileId: profile.id, models: bundled(profile), source: 'bundled' }

    const key = await options.apiKey(profile.id)
    const headers: Record<string, string> = { accept: 'application/json' }
    if (key) headers['authorization'] = `Bearer ${key}`
    const url = profile.baseUrl.replace(/\/+$/, '') + '/catalog'
    // The catalog is the server's words: a record or a warning quoting the key must not reach the page.
    const matcher = createSecretMatcher(key ? [key] : [])
    redact = (text) => matcher.redact(text, REDACTED)
    const signal = AbortSignal.timeout(FETCH_TIMEOUT_MS)
    let response: Response
    try {
      // Never follow a redirect: the Authorization header would go to the new address with it.
      response = await doFetch(url, { headers, signal, redirect: 'manual' })
    } catch (error) {
      return fallback(`Could not reach ${url} (${describe(error)}); showing the bundled catalog.`)
    }
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel().catch(() => undefined)
      const location = response.headers.get('location')
      return fallback(
        `${url} redirects${location === null ? '' : ` to ${location}`} (HTTP ${response.status}). Redirects are not followed, so the API key never goes to another address: set the profile's base URL to the final address. Showing the bundled catalog.`,
      )
    }
    if (response.status === 404) {
      // Not every gateway publishes its catalog: that is normal, not a warning.
      return { profileId: profile.id, models: bundled(profile), source: 'bundled' }
    }
    if (!response.ok) {
      const hint = response.status === 401 ? ' (add or check the API key of this profile)' : ''
      return fallback(
        `The catalog at ${url} answered ${response.status}${hint}; showing the bundled catalog.`,
      )
    }
    let json: unknown
    try {
      const text = await readCappedText(response.body, MAX_CATALOG_BYTES, signal)
      if (text === undefined) {
        return fallback(
          `The catalog from ${url} is larger than ${MAX_CATALOG_BYTES / 1024 / 1024} MiB, which no catalog is; showing the bundled catalog.`,
        )
      }
      json = JSON.parse(text)
    } catch {
      return fallback(`The catalog at ${url} is not JSON; showing the bundled catalog.`)
    }
    const parsed = catalogModelListSchema.safeParse(json)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      const where = issue ? issue.path.join('.') || '(root)' : '(root)'
      return fallback(
        `The catalog at ${url} does not match the expected records (${where}: ${issue?.message ?? 'invalid'}); showing the bundled catalog.`,
      )
    }
    return {
      profileId: profile.id,
      models: matcher.empty ? parsed.data.models : redactStrings(parsed.data.models, redact),
      source: 'gateway',
      fetchedAt: Date.now(),
    }
  }

  return {
    async get(profile: Profile, refresh = false): Promise<CatalogView> {
      // Everything that shapes the result is in the key: an edited profile never sees a stale catalog.
      const key = JSON.stringify([profile.id, profile.baseUrl, profile.loginUrl ?? '', profile.catalogSource])
      const cached = cache.get(key)
      if (cached && !refresh) return cached
      const view = await load(profile)
      cache.set(key, view)
      return view
    },
  }
}

function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: string } }).cause
  return cause?.code ?? (error as Error).message
}

export type CatalogLoader = ReturnType<typeof createCatalogLoader>
