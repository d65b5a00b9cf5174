import { expect, test } from '@playwright/test'
import { startApp, type AppProcess } from './support/app-process'

let app: AppProcess

test.beforeAll(async () => {
  app = await startApp()
})
test.afterAll(async () => {
  await app.stop()
})

test('the app starts in browser mode, loads under its CSP and talks to main', async ({ page }) => {
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text())
  })
  page.on('pageerror', (error) => problems.push(error.message))
  await page.goto(app.url)
  await expect(page).toHaveTitle('Model Gateway Playground')
  // The token moved from the address bar into session storage.
  await expect.poll(() => page.url()).not.toContain('token=')
  // The bridge reaches main: the local profile's catalog arrives with the local gateway's address.
  const baseUrl = await page.evaluate(async () => {
    const token = sessionStorage.getItem(Object.keys(sessionStorage).find((k) => k.includes('token')) ?? '')
    const response = await fetch('/api/invoke/catalog:get', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-playground-token': token ?? '' },
      body: JSON.stringify({ profileId: 'local' }),
    })
    const envelope = (await response.json()) as {
      value: { models: Array<{ token_factory: { access: { base_url: { value: string } } } }> }
    }
    return envelope.value.models[0]?.token_factory.access.base_url.value
  })
  expect(baseUrl).toBe(app.localGatewayUrl)
  expect(problems).toEqual([])
})
