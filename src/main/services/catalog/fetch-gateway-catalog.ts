import { catalogModelListSchema, type CatalogModel } from '@shared/catalog'
import { redactStrings } from '@shared/redaction/redact-strings'
import { createSecretMatcher } from '@shared/redaction/secret-matcher'
import { REDACTED } from '../log/redact'
import { pumpBody } from '../runs/pump-body'

const FETCH_TIMEOUT_MS = 10_000
/** A catalog many times the bundled one is not one, and is not read to the end. */
export const MAX_CATALOG_BYTES = 4 * 1024 * 1024

/**
 * What a gateway says of its catalog: its records, none published (404: normal, not a warning), or a
 * failure with the warning to show (a whole sentence, shown as it is).
 */
export type GatewayCatalog =
  { kind: 'catalog'; models: CatalogModel[] } | { kind: 'none' } | { kind: 'failed'; warning: string }

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
 * `GET {baseUrl}/catalog` with the key, checked against the catalog schema. The catalog is the
 * server's words: a record or a warning quoting the key (a redirect's location, an error) must not
 * reach the page, so both are redacted.
 */
export async function fetchGatewayCatalog(options: {
  baseUrl: string
  apiKey: string | null
  fetch: typeof fetch
}): Promise<GatewayCatalog> {
  const { apiKey } = options
  const headers: Record<string, string> = { accept: 'application/json' }
  if (apiKey) headers['authorization'] = `Bearer ${apiKey}`
  const url = options.baseUrl.replace(/\/+$/, '') + '/catalog'
  const matcher = createSecretMatcher(apiKey ? [apiKey] : [])
  const redact = (text: string): string => matcher.redact(text, REDACTED)
  const failed = (warning: string): GatewayCatalog => ({ kind: 'failed', warning: redact(warning) })
  const signal = AbortSignal.timeout(FETCH_TIMEOUT_MS)
  let response: Response
  try {
    // Never follow a redirect: the Authorization header would go to the new address with it.
    response = await options.fetch(url, { headers, signal, redirect: 'manual' })
  } catch (error) {
    return failed(`Could not reach ${url} (${describe(error)}); showing the bundled catalog.`)
  }
  if (response.status >= 300 && response.status < 400) {
    await response.body?.cancel().catch(() => undefined)
    const location = response.headers.get('location')
    return failed(
      `${url} redirects${location === null ? '' : ` to ${location}`} (HTTP ${response.status}). Redirects are not followed, so the API key never goes to another address: set the profile's base URL to the final address. Showing the bundled catalog.`,
    )
  }
  // Not every gateway publishes its catalog.
  if (response.status === 404) return { kind: 'none' }
  if (!response.ok) {
    const hint = response.status === 401 ? ' (add or check the API key of this profile)' : ''
    return failed(`The catalog at ${url} answered ${response.status}${hint}; showing the bundled catalog.`)
  }
  let json: unknown
  try {
    const text = await readCappedText(response.body, MAX_CATALOG_BYTES, signal)
    if (text === undefined) {
      return failed(
        `The catalog from ${url} is larger than ${MAX_CATALOG_BYTES / 1024 / 1024} MiB, which no catalog is; showing the bundled catalog.`,
      )
    }
    json = JSON.parse(text)
  } catch {
    return failed(`The catalog at ${url} is not JSON; showing the bundled catalog.`)
  }
  const parsed = catalogModelListSchema.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const where = issue ? issue.path.join('.') || '(root)' : '(root)'
    return failed(
      `The catalog at ${url} does not match the expected records (${where}: ${issue?.message ?? 'invalid'}); showing the bundled catalog.`,
    )
  }
  const models = matcher.empty ? parsed.data.models : redactStrings(parsed.data.models, redact)
  return { kind: 'catalog', models }
}

function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: string } }).cause
  return cause?.code ?? (error as Error).message
}
