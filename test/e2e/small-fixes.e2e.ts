import { expect, test } from '@playwright/test'
import { resolveGatewayConfig } from '@gateway/gateway-config'
import { startGateway, type RunningGateway } from '@gateway/start-gateway'
import { startApp, type AppProcess } from './support/app-process'
import { hostInvoke } from './support/host-api'
import { CatalogPage } from './support/pages/catalog'
import { TEXT_MODEL } from './support/pages/chat'
import { ParamsPage } from './support/pages/params'

/**
 * Small things met in daily use: the catalog banner's URL kept as written, the sign-in link returning
 * to the profile's own site, the stop-sequence hint speaking the pane's dialect, and a long points
 * figure kept on one line when shown exactly.
 */

let app: AppProcess
let hosted: RunningGateway

test.beforeAll(async () => {
  hosted = await startGateway({
    apiKey: `sk-e2e-${crypto.randomUUID()}`,
    port: 0,
    config: resolveGatewayConfig({ simulator: { ttftMs: 0, tokensPerSecond: 5000 } }),
  })
  app = await startApp()
})
test.afterAll(async () => {
  await app?.stop()
  await hosted?.close()
})

test("a hosted profile without a key: the banner's URL is as written, and sign-in returns to the profile's site", async ({
  page,
}) => {
  const profile = await hostInvoke(app, 'profiles:save', {
    name: 'Hosted, no key',
    baseUrl: hosted.baseUrl,
    loginUrl: 'https://auth.hosted.test/login',
    catalogSource: 'gateway',
  })
  await hostInvoke(app, 'profiles:activate', { profileId: profile.id })
  try {
    await page.goto(app.url)
    const catalog = new CatalogPage(page)
    await expect(catalog.warning()).toContainText(`${hosted.baseUrl}/catalog answered 401`)
    await expect(catalog.warning()).not.toContainText('Http://')

    const signIn = catalog.card(TEXT_MODEL).getByRole('region', { name: 'Access' }).getByRole('link')
    const href = new URL((await signIn.getAttribute('href'))!)
    expect(href.origin + href.pathname).toBe('https://auth.hosted.test/login')
    expect(href.searchParams.get('return_to')).toBe('https://auth.hosted.test/models')
  } finally {
    await hostInvoke(app, 'profiles:activate', { profileId: 'local' })
  }
})

test('the stop-sequence hint names the Chat Completions limit only for a Chat Completions pane', async ({
  page,
}) => {
  const params = new ParamsPage(page)
  await page.goto(app.url)
  await params.openParameters()
  const hint = page.locator(
    `#${await page.getByRole('textbox', { name: 'Stop sequences' }).getAttribute('aria-describedby')}`.replaceAll(
      ':',
      '\\:',
    ),
  )
  await expect(hint).toContainText('Up to 4 for Chat Completions.')
  await params.selectDialect(1, 'anthropic-messages')
  await expect(hint).toContainText('One per line')
  await expect(hint).not.toContainText('Chat Completions')
})

test('0.46999999999999995, shown exactly on click, stays on one line on the card', async ({ page }) => {
  await page.goto(app.url)
  const card = new CatalogPage(page).card(TEXT_MODEL)
  const output = card.getByRole('row', { name: /Output/ })
  await expect(output.getByRole('cell')).toHaveText('0.470 pts / 1M tokens')
  await output.getByRole('button').click()
  await expect(output.getByRole('cell')).toHaveText('0.46999999999999995 pts / 1M tokens')
  for (const width of [1280, 1000]) {
    await page.setViewportSize({ width, height: 800 })
    const lines = await output.getByRole('cell').evaluate((cell) => {
      const range = document.createRange()
      range.selectNodeContents(cell)
      // One box per line of visible text (the hidden unit is clipped to nothing).
      return new Set([...range.getClientRects()].filter((r) => r.width > 1).map((r) => Math.round(r.top)))
        .size
    })
    expect(lines, `${width}px`).toBe(1)
    // The hidden unit stays inside the scrolling sidebar: the page itself does not scroll.
    expect(await page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight)).toBe(true)
  }
})
