import { expect, test } from '@playwright/test'
import { startApp, type AppProcess } from './support/app-process'
import { TEXT_MODEL } from './support/pages/chat'
import { ParamsPage } from './support/pages/params'

/**
 * Tools pasted from either vendor's documentation, in their native shapes, are accepted by the tools
 * editor (converted, and it says so) and used: a forced call comes back with schema-shaped arguments.
 * Before, both shapes were refused.
 */

let app: AppProcess

test.beforeAll(async () => {
  app = await startApp()
})
test.afterAll(async () => {
  await app?.stop()
})

const citySchema = {
  type: 'object',
  properties: { city: { type: 'string', description: 'City name' } },
  required: ['city'],
}

const shapes = [
  {
    vendor: 'OpenAI',
    tools: [
      {
        type: 'function',
        function: { name: 'get_forecast', description: 'Forecast.', parameters: citySchema },
      },
    ],
  },
  {
    vendor: 'Anthropic',
    tools: [{ name: 'get_forecast', description: 'Forecast.', input_schema: citySchema }],
  },
]

for (const { vendor, tools } of shapes) {
  test(`tools in ${vendor}'s native shape are converted, said so, and called`, async ({ page }) => {
    const params = new ParamsPage(page)
    await page.goto(app.url)
    await params.selectModel(1, TEXT_MODEL)
    await params.openParameters()
    await page.getByRole('textbox', { name: 'Tools (JSON)' }).fill(JSON.stringify(tools, null, 2))
    await expect(page.getByRole('alert')).toHaveCount(0)
    await expect(page.getByText(`Converted from ${vendor}'s format: get_forecast.`)).toBeVisible()
    await expect(page.getByText('Applied: get_forecast.')).toBeVisible()

    await params.setToolChoice('get_forecast')
    await params.send('What is the forecast for Lisbon?')
    const call = await params.waitForReply(1)
    await expect(call).toContainText('get_forecast')
    await expect(call).toContainText('"city"')
    await expect(call).toContainText('Lisbon')
  })
}
