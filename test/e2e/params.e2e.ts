import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { hostInvoke } from './support/host-api'
import { layoutProblems } from './support/layout-problems'
import { startApp, type AppProcess } from './support/app-process'
import { ParamsPage } from './support/pages/params'

/**
 * Parameters a user sets change what the model is asked for: a JSON schema shapes the reply, a
 * forced tool gets called and its typed result comes back in the next turn. Against the local
 * gateway (its simulator honours schemas and tools).
 */

const TEXT_MODEL = 'vendorb3.8-Flash-Next'
/** The right-hand region holding the Parameters and Code tabs. */
const SIDE_PANEL = 'aside[aria-label="Side panel"]'
const SCREENSHOTS = path.resolve(import.meta.dirname, '../../artifacts/screenshots')

let app: AppProcess

test.beforeAll(async () => {
  app = await startApp()
})
test.afterAll(async () => {
  await app?.stop()
})

/** The text of the latest assistant reply of the open conversation, exactly as stored after the turn. */
async function savedReplyTexts(): Promise<string[]> {
  const [latest] = (await hostInvoke(app, 'history:list', undefined)).sort(
    (a, b) => b.updatedAt - a.updatedAt,
  )
  if (!latest) return []
  const conversation = await hostInvoke(app, 'history:get', { id: latest.id })
  return (conversation.panes[0]?.messages ?? [])
    .filter((message) => message.role === 'assistant')
    .map((message) => message.content.map((part) => (part.type === 'text' ? part.text : '')).join(''))
}

async function pickTextModel(page: Page): Promise<void> {
  const card = page.getByRole('article', { name: TEXT_MODEL })
  await card.getByRole('button', { name: 'Use model' }).click()
  await expect(card.getByRole('button', { name: 'Use model' })).toHaveAttribute('aria-pressed', 'true')
}

test('a JSON schema response format gets a reply that parses and has the required keys', async ({ page }) => {
  const params = new ParamsPage(page)
  await page.goto(app.url)
  await pickTextModel(page)
  const schema = {
    type: 'object',
    properties: {
      city: { type: 'string' },
      country: { type: 'string' },
      population: { type: 'integer', minimum: 0 },
      landmarks: { type: 'array', items: { type: 'string' }, minItems: 1 },
    },
    required: ['city', 'country', 'population', 'landmarks'],
    additionalProperties: false,
  }
  await params.useJsonSchema('city_facts', schema)
  // What is sent says so, in the request the Code tab shows.
  await params.openCode()
  await expect(params.curlCommand()).toContainText('"response_format":{"type":"json_schema"')

  await params.send('Facts about Paris, please.')
  const reply = await params.waitForReply(1)
  for (const key of schema.required) await expect(reply).toContainText(key)

  await expect.poll(async () => (await savedReplyTexts()).length).toBe(1)
  const [text] = await savedReplyTexts()
  const value = JSON.parse(text ?? '') as Record<string, unknown>
  expect(Object.keys(value).sort()).toEqual([...schema.required].sort())
  expect(typeof value['city']).toBe('string')
  expect(typeof value['country']).toBe('string')
  expect(Number.isInteger(value['population'])).toBe(true)
  expect(value['population']).toBeGreaterThanOrEqual(0)
  expect(Array.isArray(value['landmarks']) && value['landmarks'].length >= 1).toBe(true)
})

test('a forced tool is called, and its typed result comes back in the next reply', async ({ page }) => {
  const params = new ParamsPage(page)
  await page.goto(app.url)
  await pickTextModel(page)
  await params.insertExampleTool()
  await params.setToolChoice('get_weather')

  await params.send('What is the weather in Paris?')
  const call = await params.waitForReply(1)
  await expect(call).toContainText('get_weather')
  // The arguments, generated from the tool's schema, take the city from the question.
  await expect(call).toContainText('"city"')
  await expect(call).toContainText('Paris')

  // A forced tool choice forces a call on every turn (as the real APIs do): back to auto to answer.
  await params.setToolChoice('auto')
  await page
    .getByRole('textbox', { name: 'Tool result for get_weather' })
    .fill('{"temperature_c": 18, "sky": "clear"}')
  await page.getByRole('button', { name: 'Continue' }).click()

  const answer = await params.waitForReply(2)
  await expect(answer).toContainText('received the tool result')
  await expect(answer).toContainText('get_weather')
  await expect(answer).toContainText('temperature_c')
  await expect(page.getByRole('article', { name: 'Tool result' })).toContainText('temperature_c')
})

test('screenshots of the Parameters and Code tabs, both themes, both sizes, nothing cut off', async ({
  page,
}) => {
  mkdirSync(SCREENSHOTS, { recursive: true })
  const params = new ParamsPage(page)
  await page.goto(app.url)
  await pickTextModel(page)
  // A realistic, busy state: both dialects side by side, a clamped temperature, a schema being typed
  // (invalid, so the error shows), tools and a forced choice, a draft.
  await page
    .getByRole('radiogroup', { name: 'Compare' })
    .getByRole('radio', { name: 'Dialects side by side' })
    .check()
  await params.openParameters()
  await page.getByRole('spinbutton', { name: 'Temperature value' }).fill('1.5')
  await page.getByRole('textbox', { name: 'Stop sequences' }).fill('END\n\\n\\nUser:')
  await params.insertExampleTool()
  await params.setToolChoice('get_weather')
  await page.getByRole('combobox', { name: 'Response format' }).selectOption({ label: 'JSON schema' })
  await page.getByRole('textbox', { name: 'JSON schema' }).fill('{\n  "type": "object",\n  "properties": {')
  await params.typeDraft('What is the weather in Paris?')

  for (const theme of ['light', 'dark'] as const) {
    await page
      .getByRole('combobox', { name: 'Theme' })
      .selectOption({ label: theme === 'light' ? 'Light' : 'Dark' })
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
    for (const size of [
      { width: 1280, height: 800 },
      { width: 1920, height: 1080 },
    ]) {
      await page.setViewportSize(size)
      const shot = (name: string) =>
        page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${theme}-${size.width}x${size.height}.png`) })

      await page.getByRole('tab', { name: 'Parameters' }).click()
      const parameters = page.getByRole('tabpanel', { name: 'Parameters' })
      await expect(parameters).toBeVisible()
      expect(await layoutProblems(page, SIDE_PANEL)).toEqual([])
      // The top (sampling, with the Messages pane's clamp note), then the editors further down.
      await expect(
        parameters.getByText(/Pane 2 \(Anthropic \(messages\)\) will send temperature 1/),
      ).toBeVisible()
      await page.getByRole('heading', { name: 'Sampling' }).scrollIntoViewIfNeeded()
      await shot('parameters')
      await page.getByRole('textbox', { name: 'JSON schema' }).scrollIntoViewIfNeeded()
      await shot('parameters-editors')
      await page.getByRole('heading', { name: 'Translation preview' }).scrollIntoViewIfNeeded()
      await shot('parameters-preview')

      await page.getByRole('tab', { name: 'Code' }).click()
      const code = page.getByRole('tabpanel', { name: 'Code' })
      await expect(params.curlCommand()).toContainText('What is the weather in Paris?')
      expect(await layoutProblems(page, SIDE_PANEL)).toEqual([])
      await shot('code')
      await code.getByRole('tab', { name: /^Pane 2/ }).click()
      await expect(params.curlCommand()).toContainText('/messages')
      expect(await layoutProblems(page, SIDE_PANEL)).toEqual([])
      await shot('code-pane2')
    }
  }
})
