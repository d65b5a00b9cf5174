import { expect, test } from '@playwright/test'
import { startApp, type AppProcess } from './support/app-process'
import { hostInvoke } from './support/host-api'
import { CatalogPage } from './support/pages/catalog'

/**
 * A newcomer's first view: the Models tab shows both models of the spec with its values, for the
 * local gateway the app started, and picking a card targets the chat at that model.
 */

const VISION = 'vendora-V4-Flash-Vision-Exp'
const TEXT = 'vendorb3.8-Flash-Next'

let app: AppProcess

test.beforeAll(async () => {
  app = await startApp()
})
test.afterAll(async () => {
  await app?.stop()
})

test.beforeEach(async ({ page }) => {
  await page.goto(app.url)
  await expect(new CatalogPage(page).card(TEXT)).toBeVisible()
})

test('both cards show the spec values: names, capabilities, badges, status, context, tags, details', async ({
  page,
}) => {
  const catalog = new CatalogPage(page)
  await expect(catalog.source()).toHaveText("From the gateway's catalog")
  await expect(page.getByRole('article')).toHaveCount(2)

  const expected = [
    {
      name: VISION,
      publisher: 'VendorA',
      capability: 'VLM (Vision)',
      badge: 'Limited Free',
      badgeTone: 'badge-limited',
      status: 'Limited Free',
      context: '1M tokens',
      exactContext: '1,048,576 tokens',
    },
    {
      name: TEXT,
      publisher: 'VendorB',
      capability: 'LLM (Text)',
      badge: 'Free',
      badgeTone: 'badge-free',
      status: 'Free',
      context: '256K tokens',
      exactContext: '262,144 tokens',
    },
  ]
  for (const model of expected) {
    const card = catalog.card(model.name)
    await expect(card.getByRole('heading', { name: model.name })).toBeVisible()
    await expect(card.locator('.catalog-publisher-mark')).toHaveText('V')
    await expect(card.locator('.catalog-card-publisher')).toHaveText(model.publisher)
    await expect(catalog.fact(model.name, 'Capability')).toHaveText(model.capability)
    const badge = card.locator('.badge')
    await expect(badge).toHaveText(model.badge)
    await expect(badge).toHaveClass(new RegExp(model.badgeTone))
    await expect(catalog.fact(model.name, 'Status')).toHaveText(model.status)
    await expect(catalog.fact(model.name, 'Context')).toHaveText(model.context)
    await expect(catalog.fact(model.name, 'Context')).toHaveAttribute('title', model.exactContext)
    expect(await catalog.listItems(model.name, 'Tags')).toEqual(['API', 'OpenAI compatible'])
    // The spec's quirk: the text model's detail_meta also ends in `Limited Free`.
    expect(await catalog.listItems(model.name, 'Details')).toEqual([
      model.publisher,
      model.capability,
      'Example Cloud',
      'Limited Free',
    ])
  }
})

test('the usage reference shows all six points values rounded alike, each exact on hover', async ({
  page,
}) => {
  const catalog = new CatalogPage(page)
  expect(await catalog.usageRows(VISION)).toEqual({
    Input: '0.140 pts / 1M tokens',
    Output: '0.280 pts / 1M tokens',
    'Cache read': '0.00280 pts / 1M tokens',
  })
  expect(await catalog.usageRows(TEXT)).toEqual({
    Input: '0.150 pts / 1M tokens',
    Output: '0.470 pts / 1M tokens',
    'Cache read': '0.0160 pts / 1M tokens',
  })
  await expect(catalog.card(TEXT).getByRole('button', { name: /^0\.470/ })).toHaveAttribute(
    'title',
    /0\.46999999999999995 \(exact\)/,
  )
  for (const name of [VISION, TEXT]) {
    await expect(
      catalog.card(name).getByText('Free to use. Points show relative usage and are not a charge.'),
    ).toBeVisible()
  }
})

test("access shows the local gateway's base URL, the model, the key masked, and working quickstarts", async ({
  page,
}) => {
  const catalog = new CatalogPage(page)
  const { last4 } = await hostInvoke(app, 'secrets:status', { profileId: 'local' })
  for (const name of [VISION, TEXT]) {
    await expect(catalog.accessValue(name, 'Base URL')).toContainText(app.localGatewayUrl)
    await expect(catalog.card(name).getByRole('button', { name: 'Copy Base URL' })).toBeVisible()
    await expect(catalog.accessValue(name, 'Model')).toContainText(name)
    await expect(catalog.card(name).getByRole('button', { name: 'Copy Model' })).toBeVisible()
    await expect(catalog.accessValue(name, 'API Key')).toHaveText(`•••• ${last4}`)

    const openai = await catalog.quickstart(name, 'OpenAI (curl)')
    await expect(openai).toContainText(`'${app.localGatewayUrl}/chat/completions'`)
    await expect(openai).toContainText(`"model":"${name}"`)
    await expect(openai).toContainText('$MODEL_GATEWAY_API_KEY')
    const anthropic = await catalog.quickstart(name, 'Anthropic (curl)')
    await expect(anthropic).toContainText(`'${app.localGatewayUrl}/messages'`)
    await expect(anthropic).toContainText(`"model":"${name}"`)
    await expect(catalog.card(name).getByRole('button', { name: 'Copy Anthropic (curl)' })).toBeVisible()
  }
})

test("picking the text model's card presses it and targets the focused pane", async ({ page }) => {
  const catalog = new CatalogPage(page)
  // The first model of the catalog is the default target.
  await expect(catalog.useModelButton(VISION)).toHaveAttribute('aria-pressed', 'true')
  await catalog.useModel(TEXT)
  await expect(catalog.useModelButton(VISION)).toHaveAttribute('aria-pressed', 'false')
  await expect(
    page.getByRole('region', { name: 'Pane 1' }).getByRole('combobox', { name: 'Model' }),
  ).toHaveValue(TEXT)
})

test('refresh reloads the catalog from the gateway', async ({ page }) => {
  const catalog = new CatalogPage(page)
  await catalog.refreshButton().click()
  await expect(catalog.refreshButton()).toBeEnabled()
  await expect(catalog.source()).toHaveText("From the gateway's catalog")
  await expect(page.getByRole('article')).toHaveCount(2)
})
