// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { buildCatalog } from '@shared/catalog'
import type { KeyStatusView } from '@shared/ipc/contract'
import { CatalogCard } from './CatalogCard'

vi.mock('@renderer/lib/api', async () => {
  const { createFakeApi } = await import('@renderer/features/app/__fixtures__/fake-api')
  return { api: createFakeApi(), shell: 'browser' }
})

afterEach(cleanup)

const BASE_URL = 'http://127.0.0.1:41234/v1'
const [VISION, TEXT] = buildCatalog({ baseUrl: BASE_URL })
if (!VISION || !TEXT) throw new Error('the seed catalog has two models')

const WITH_KEY: KeyStatusView = { hasKey: true, storage: 'keychain', last4: '3f9a' }
const WITHOUT_KEY: KeyStatusView = { hasKey: false, storage: 'keychain', last4: null }

function renderCard(
  model = VISION!,
  options: {
    selected?: boolean
    keyStatus?: KeyStatusView
    localProfile?: boolean
    replayFolder?: string
    onUse?: (model: string) => void
  } = {},
): HTMLElement {
  render(
    <CatalogCard
      model={model}
      selected={options.selected ?? false}
      keyStatus={options.keyStatus ?? WITH_KEY}
      localProfile={options.localProfile ?? false}
      replayFolder={options.replayFolder}
      onUse={options.onUse ?? (() => undefined)}
    />,
  )
  return screen.getByRole('article', { name: model.model })
}

/** Row label → value of the usage table, as a user reads it. */
function usageRows(card: HTMLElement): Record<string, string> {
  const table = within(card).getByRole('table')
  return Object.fromEntries(
    within(table)
      .getAllByRole('row')
      .map((row) => [
        within(row).getByRole('rowheader').textContent,
        within(row).getByRole('cell').textContent,
      ]),
  )
}

function listItems(card: HTMLElement, name: string): string[] {
  return within(within(card).getByRole('list', { name }))
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '')
}

describe('CatalogCard: the vision model', () => {
  it('shows the presentation record: publisher, name, capability, badge, status and context', () => {
    const card = renderCard(VISION)
    expect(within(card).getByRole('heading', { name: 'vendora-V4-Flash-Vision-Exp' })).toBeTruthy()
    expect(within(card).getByText('V').getAttribute('title')).toBe('VendorA')
    expect(within(card).getByText('VendorA', { selector: '.catalog-card-publisher' })).toBeTruthy()
    expect(within(card).getByText('VLM (Vision)', { selector: 'dd' })).toBeTruthy()
    const badge = within(card).getByText('Limited Free', { selector: '.badge' })
    expect(badge.className).toContain('badge-limited')
    expect(within(card).getByText('Limited Free', { selector: 'dd' })).toBeTruthy()
    const context = within(card).getByText('1M tokens')
    expect(context.getAttribute('title')).toBe('1,048,576 tokens')
    expect(within(card).getByText('vendora-V4-Flash-Vision-Exp served by Example Cloud')).toBeTruthy()
  })

  it('lists the tags and detail_meta as published', () => {
    const card = renderCard(VISION)
    expect(listItems(card, 'Tags')).toEqual(['API', 'OpenAI compatible'])
    expect(listItems(card, 'Details')).toEqual(['VendorA', 'VLM (Vision)', 'Example Cloud', 'Limited Free'])
  })

  it("shows the usage reference with the record's exact values and its note", () => {
    const card = renderCard(VISION)
    expect(within(card).getByRole('heading', { name: 'Usage reference (pts / 1M tokens)' })).toBeTruthy()
    expect(usageRows(card)).toEqual({
      Input: '0.140 pts / 1M tokens',
      Output: '0.280 pts / 1M tokens',
      'Cache read': '0.00280 pts / 1M tokens',
    })
    expect(
      within(card).getByText('Free to use. Points show relative usage and are not a charge.'),
    ).toBeTruthy()
  })

  it('gives base URL and model with copy buttons, and the key only as its last four characters', () => {
    const card = renderCard(VISION, { keyStatus: WITH_KEY })
    const access = within(card).getByRole('region', { name: 'Access' })
    expect(within(access).getByText(BASE_URL)).toBeTruthy()
    expect(within(access).getByRole('button', { name: 'Copy Base URL' })).toBeTruthy()
    expect(within(access).getByText('vendora-V4-Flash-Vision-Exp')).toBeTruthy()
    expect(within(access).getByRole('button', { name: 'Copy Model' })).toBeTruthy()
    expect(within(access).getByText('•••• 3f9a')).toBeTruthy()
    expect(within(access).queryByRole('link')).toBeNull()
  })

  it('links to sign-in when the profile has no key', () => {
    const card = renderCard(VISION, { keyStatus: WITHOUT_KEY })
    const link = within(card).getByRole('link', { name: 'Sign in to get an API key' })
    expect(link.getAttribute('href')).toBe(
      'https://gateway.example.com/login?return_to=https%3A%2F%2Fgateway.example.com%2Fmodels',
    )
    expect(link.getAttribute('target')).toBe('_blank')
    expect(link.getAttribute('rel')).toBe('noopener noreferrer')
    expect(within(card).queryByText(/••••/)).toBeNull()
  })

  it('says a replay profile needs no key and where its replies come from, with no sign-in link', () => {
    const card = renderCard(VISION, { keyStatus: WITHOUT_KEY, replayFolder: 'ci-tapes' })
    const access = within(card).getByRole('region', { name: 'Access' })
    expect(
      within(access).getByText('No key needed: this profile replays the recordings in ci-tapes'),
    ).toBeTruthy()
    expect(within(access).queryByRole('link')).toBeNull()
    expect(within(access).queryByText(/Sign in/)).toBeNull()
  })

  it('has both quickstart commands, for this model and base URL, one tab each', () => {
    const card = renderCard(VISION)
    const tabs = within(card).getAllByRole('tab', { hidden: true })
    expect(tabs.map((tab) => tab.textContent)).toEqual(['OpenAI (curl)', 'Anthropic (curl)'])
    const openai = within(card).getByLabelText('OpenAI (curl) command', { selector: 'pre' })
    const anthropic = within(card).getByLabelText('Anthropic (curl) command', { selector: 'pre' })
    expect(openai.textContent).toContain(`'${BASE_URL}/chat/completions'`)
    expect(anthropic.textContent).toContain(`'${BASE_URL}/messages'`)
    for (const command of [openai, anthropic]) {
      expect(command.textContent).toContain('"model":"vendora-V4-Flash-Vision-Exp"')
      // The key is a placeholder in commands meant for copying (security.md §3).
      expect(command.textContent).toContain('$MODEL_GATEWAY_API_KEY')
    }
    // The second tab shows its command and hides the first.
    fireEvent.click(within(card).getByRole('tab', { name: 'Anthropic (curl)', hidden: true }))
    expect(anthropic.closest('[role="tabpanel"]')?.hasAttribute('hidden')).toBe(false)
    expect(openai.closest('[role="tabpanel"]')?.hasAttribute('hidden')).toBe(true)
  })
})

describe('CatalogCard: the text model', () => {
  it('shows its own record, including the Limited Free quirk of detail_meta', () => {
    const card = renderCard(TEXT)
    expect(within(card).getByRole('heading', { name: 'vendorb3.8-Flash-Next' })).toBeTruthy()
    expect(within(card).getByText('VendorB', { selector: '.catalog-card-publisher' })).toBeTruthy()
    expect(within(card).getByText('LLM (Text)', { selector: 'dd' })).toBeTruthy()
    expect(within(card).getByText('Free', { selector: '.badge' }).className).toContain('badge-free')
    expect(within(card).getByText('Free', { selector: 'dd' })).toBeTruthy()
    expect(within(card).getByText('256K tokens').getAttribute('title')).toBe('262,144 tokens')
    // The spec lists `Limited Free` in the text model's detail_meta although its badge says `Free`.
    expect(listItems(card, 'Details')).toEqual(['VendorB', 'LLM (Text)', 'Example Cloud', 'Limited Free'])
  })

  it('reads the published output price rounded, its exact digits one hover or click away', () => {
    const card = renderCard(TEXT)
    expect(usageRows(card)).toEqual({
      Input: '0.150 pts / 1M tokens',
      Output: '0.470 pts / 1M tokens',
      'Cache read': '0.0160 pts / 1M tokens',
    })
    const output = within(card).getByRole('button', { name: /^0\.470/ })
    expect(output.getAttribute('title')).toContain('0.46999999999999995 (exact)')
    fireEvent.click(output)
    expect(usageRows(card)['Output']).toBe('0.46999999999999995 pts / 1M tokens')
  })

  it('"Use model" picks it for the focused pane and shows as pressed when it is in use', () => {
    const onUse = vi.fn()
    const card = renderCard(TEXT, { onUse })
    const button = within(card).getByRole('button', { name: 'Use model' })
    expect(button.getAttribute('aria-pressed')).toBe('false')
    fireEvent.click(button)
    expect(onUse).toHaveBeenCalledWith('vendorb3.8-Flash-Next')
    cleanup()
    const selected = renderCard(TEXT, { selected: true })
    expect(within(selected).getByRole('button', { name: 'Use model' }).getAttribute('aria-pressed')).toBe(
      'true',
    )
  })
})

describe('CatalogCard: the key of the profile', () => {
  it('offers the key export line for the local gateway only, never for a hosted profile', () => {
    const hosted = renderCard(TEXT, { localProfile: false })
    expect(within(hosted).queryByRole('button', { name: 'Copy key export' })).toBeNull()
    cleanup()
    const local = renderCard(TEXT, { localProfile: true })
    expect(within(local).getByRole('button', { name: 'Copy key export' })).toBeTruthy()
  })
})
