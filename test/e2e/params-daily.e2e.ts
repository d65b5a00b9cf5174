import { expect, test, type Page } from '@playwright/test'
import { startApp, type AppProcess } from './support/app-process'
import { ChatPage } from './support/pages/chat'
import { HistoryPage } from './support/pages/history'
import { ParamsPage } from './support/pages/params'

/**
 * Parameters as a developer living in the playground uses them: tuned once, they stay for the next
 * conversation; sliders start where the server's default is, not at 0.
 */

let app: AppProcess

test.beforeAll(async () => {
  app = await startApp()
})
test.afterAll(async () => {
  await app?.stop()
})

function field(page: Page, name: string) {
  return page.getByRole('spinbutton', { name: `${name} value` })
}

test('New conversation keeps the parameters, tools and system prompt; only the transcript is new', async ({
  page,
}) => {
  const chat = new ChatPage(page)
  const params = new ParamsPage(page)
  await chat.open(app.url)
  await params.openParameters()
  await field(page, 'Temperature').fill('0.7')
  await field(page, 'Top P').fill('0.9')
  await field(page, 'Max tokens').fill('300')
  await params.insertExampleTool()
  await page.getByRole('textbox', { name: 'System prompt' }).fill('Answer in one sentence.')
  await chat.send('Keep my settings')
  await chat.waitForIdle()

  const history = new HistoryPage(page)
  await history.open()
  await page.getByRole('button', { name: 'New conversation' }).click()
  await expect(chat.replies(1)).toHaveCount(0)
  await expect(chat.userMessages(1)).toHaveCount(0)

  await params.openParameters()
  await expect(field(page, 'Temperature')).toHaveValue('0.7')
  await expect(field(page, 'Top P')).toHaveValue('0.9')
  await expect(field(page, 'Max tokens')).toHaveValue('300')
  await expect(page.getByText('Applied: get_weather.')).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'System prompt' })).toHaveValue('Answer in one sentence.')
})

test('an unset slider rests at the server default, and the first arrow key moves from there', async ({
  page,
}) => {
  const chat = new ChatPage(page)
  const params = new ParamsPage(page)
  await chat.open(app.url)
  await params.openParameters()
  const topP = page.getByRole('slider', { name: 'Top P' })
  const temperature = page.getByRole('slider', { name: 'Temperature' })
  await expect(field(page, 'Top P')).toHaveValue('')
  await expect(topP).toHaveValue('1')
  await expect(topP).toHaveAttribute('aria-valuetext', 'default (1)')
  await expect(temperature).toHaveValue('1')

  await topP.focus()
  await page.keyboard.press('ArrowLeft')
  await expect(field(page, 'Top P')).toHaveValue('0.99')
  await temperature.focus()
  await page.keyboard.press('ArrowRight')
  await expect(field(page, 'Temperature')).toHaveValue('1.05')
  // Emptied again, it is back at the default.
  await field(page, 'Top P').fill('')
  await expect(topP).toHaveValue('1')
})
