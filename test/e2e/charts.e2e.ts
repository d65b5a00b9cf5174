import { mkdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test, type Locator, type Page } from '@playwright/test'
import { startApp, type AppProcess } from './support/app-process'
import { hostInvoke } from './support/host-api'
import { ChatPage, SCREENSHOT_DIR } from './support/pages/chat'
import { ParamsPage } from './support/pages/params'

/**
 * The charts in browser mode: a reply's token timeline against its inspector events, the footer's
 * sparkline, compare's timelines on one chart, a run's charts (with a compared run and the set's
 * trend), a person's review of a cell, and the HTML report opened with every request but its own
 * blocked. Screenshots of each
 * chart in both themes go to artifacts/screenshots/charts-*.
 */

const CHARTS_DIR = path.join(SCREENSHOT_DIR, 'charts')
/** What a hostile model might write: the report and the app must show it as text. */
const HOSTILE = '<img src=x onerror=window.__pwned=1>'

let app: AppProcess

test.beforeAll(async () => {
  mkdirSync(CHARTS_DIR, { recursive: true })
  app = await startApp({ gatewayConfig: { simulator: { ttftMs: 40, tokensPerSecond: 250 } } })
})
test.afterAll(async () => {
  await app?.stop()
})

/** One screenshot of `figure` per theme. */
async function shoot(page: Page, figure: Locator, name: string): Promise<void> {
  const chat = new ChatPage(page)
  for (const theme of ['Light', 'Dark'] as const) {
    await chat.setTheme(theme)
    await page.waitForTimeout(150)
    await figure.scrollIntoViewIfNeeded()
    await figure.screenshot({ path: path.join(CHARTS_DIR, `${name}-${theme.toLowerCase()}.png`) })
  }
  await chat.setTheme('Light')
}

/** A chart figure's table view, row by row (header row left out). */
async function tableRows(figure: Locator, label: string): Promise<string[][]> {
  await figure.getByRole('button', { name: 'Table' }).click()
  const rows = await figure
    .getByRole('table', { name: label })
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent ?? '')))
  await figure.getByRole('button', { name: 'Table' }).click()
  return rows
}

test('a streamed reply: the token timeline holds exactly the events that carried text, at their inspector times; the footer draws it small', async ({
  page,
}) => {
  const chat = new ChatPage(page)
  await chat.open(app.url)
  // A short reply: the raw events list shows every event (it virtualises long ones).
  await new ParamsPage(page).openParameters()
  await page.getByRole('spinbutton', { name: 'Max tokens value' }).fill('40')
  await chat.send('Tell me a short story about timelines')
  await chat.waitForIdle()
  const footer = chat.footer(chat.lastReply())
  await expect(footer.getByRole('img', { name: /^Token timeline: \d+ tokens/ })).toBeVisible()

  await chat.lastReply().getByRole('button', { name: 'Inspect' }).click()
  const panel = page.getByRole('complementary', { name: 'Side panel' })
  const figure = panel.getByRole('figure', { name: 'Output tokens over time' })
  await expect(figure.locator('canvas').first()).toBeVisible()

  // The raw events as the inspector lists them: each one's time and whether it carried reply text
  // (a row shows the gist of its event; the event's whole JSON is its hover).
  const raw = await panel
    .getByRole('list', { name: 'Raw events' })
    .getByRole('listitem')
    .evaluateAll((items) =>
      items.map((item) => ({
        text: item.textContent ?? '',
        data: item.querySelector('.timeline-data')?.getAttribute('title') ?? '',
      })),
    )
  const carried = raw.flatMap(({ text, data }, index) =>
    /"content":"[^"]/.test(data) ? [{ index: index + 1, at: /\+(\d+) ms/.exec(text)?.[1] }] : [],
  )
  expect(carried.length).toBeGreaterThan(3)
  const events = await tableRows(figure, 'Token timeline events')
  expect(
    events.map((row) => ({ index: Number(row[0]?.slice(1)), at: /\+(\d+) ms/.exec(row[1] ?? '')?.[1] })),
  ).toEqual(carried)
  // Tokens only grow and end at the reply's count; TTFT is the first of those events.
  const tokens = events.map((row) => Number(row[4]))
  expect(tokens).toEqual([...tokens].sort((a, b) => a - b))
  const phases = await tableRows(figure, 'Phases and stalls')
  expect(phases[0]?.[2]).toBe(`${carried[0]?.at} ms`)
  expect(phases[1]?.[0]).toBe('text')
  await expect(footer).toContainText(`out ${tokens.at(-1)} `)

  await shoot(page, figure, 'reply-timeline')
  await shoot(page, footer, 'reply-sparkline')
})

test('compare: both panes’ latest replies on one token timeline', async ({ page }) => {
  const chat = new ChatPage(page)
  await chat.open(app.url)
  await chat.setCompare('Dialects side by side')
  await chat.send('Race me')
  await chat.waitForIdle()
  const region = page.getByRole('region', { name: 'Compare token timelines' })
  await region.getByText('Token timelines of the latest replies').click()
  const figure = region.getByRole('figure', { name: 'Output tokens over time, latest replies' })
  await expect(figure.locator('canvas').first()).toBeVisible()
  // uPlot's legend names each line.
  await expect(figure).toContainText('Pane 1:')
  await expect(figure).toContainText('Pane 2:')
  await shoot(page, figure, 'compare-timeline')
})

test('a run’s charts, a compared run and the set’s trend, a review; Export HTML opens offline with nothing but itself, model output as text', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  const chat = new ChatPage(page)
  await chat.open(app.url)
  await page.getByRole('button', { name: 'Workbench' }).click()
  await page.getByRole('textbox', { name: 'Set name' }).fill('charts')
  await page.getByRole('textbox', { name: 'User message' }).fill('Repeat {{word}} please.')
  const csv = ['word,expect.contains', 'alpha,alpha', 'beta,gamma', `${HOSTILE},x`].join('\n')
  await page
    .getByLabel('Import cases file')
    .setInputFiles({ name: 'c.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
  await expect(page.getByRole('heading', { name: 'Cases (3)' })).toBeVisible()
  await page.getByRole('button', { name: 'Save set' }).click()
  for (const runs of [0, 1]) {
    await page.getByRole('button', { name: 'Run', exact: true }).click()
    await expect(page.locator('.wb-run-status')).toHaveAttribute('data-status', 'finished', {
      timeout: 30_000,
    })
    await expect.poll(async () => (await hostInvoke(app, 'eval:list-runs', undefined)).length).toBe(runs + 1)
  }
  await page.getByRole('combobox', { name: 'Compare with run' }).selectOption({ index: 1 })

  // A person marks the first cell failed: shown in the grid and counted apart in the pass-rate chart.
  const firstCell = page.getByRole('grid', { name: 'Results grid' }).locator('[data-verdict]').first()
  await firstCell.click()
  const review = page.getByRole('group', { name: /^Review of / })
  await review.getByRole('textbox', { name: /^Review comment/ }).fill('right word, <b>wrong</b> tone')
  await review.getByRole('button', { name: 'Mark fail' }).click()
  await expect(review).toContainText('Reviewed: fail — right word, <b>wrong</b> tone')
  await expect(firstCell).toHaveAttribute('data-review', 'fail')
  await expect(firstCell).toHaveAttribute('data-verdict', 'pass')

  const charts = page.getByRole('region', { name: 'Charts' })
  const passRate = charts.getByRole('figure', { name: /^Pass rate per target/ })
  expect((await tableRows(passRate, 'Pass rate per target'))[0]?.slice(4)).toEqual([
    '0/1',
    expect.any(String),
    '1',
  ])
  const titles = [
    ['Pass rate per target', 'pass-rate'],
    ['Time to first token per target', 'ttft'],
    ['Total time per target', 'total-time'],
    ['Points against pass rate', 'points'],
    ['Regressions and fixes', 'changes'],
    ['Token mix per target', 'token-mix'],
    ["Pass rate across the set's 2 saved runs", 'trend'],
  ] as const
  for (const [title, name] of titles) {
    const figure = charts.getByRole('figure', { name: new RegExp(`^${title}`) })
    await expect(figure.locator('canvas').first(), title).toBeVisible()
    await shoot(page, figure, `run-${name}`)
  }
  // The model output holding markup stayed text in the app too.
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined()

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export HTML' }).click(),
  ])
  const html = readFileSync(await download.path(), 'utf8')
  expect(html).toContain('&lt;img src=x onerror=')
  expect(html).toContain('Reviewed: fail — right word, &lt;b&gt;wrong&lt;/b&gt; tone')

  // The file on its own: served at one address, every other request refused and counted.
  const context = await browser.newContext()
  const reportUrl = 'http://report.invalid/report.html'
  const refused: string[] = []
  await context.route('**/*', async (route) => {
    if (route.request().url() === reportUrl)
      return route.fulfill({ status: 200, contentType: 'text/html', body: html })
    refused.push(route.request().url())
    return route.abort()
  })
  const report = await context.newPage()
  await report.goto(reportUrl)
  await expect(report.getByRole('heading', { name: 'charts', level: 1 })).toBeVisible()
  await expect(report.locator('figure.chart svg')).toHaveCount(7)
  const grid = report.getByRole('table', { name: 'Results grid' })
  await expect(grid.locator('tr.case')).toHaveCount(3)
  await expect(grid).toContainText(HOSTILE)
  expect(await report.locator('img').count()).toBe(0)
  expect(await report.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined()
  // The filters work without script: failed only keeps the one case that fails (beta).
  await report.getByText('Failed only').click()
  await expect(grid.locator('tr.case:visible')).toHaveCount(1)
  await expect(grid.locator('tr.case:visible')).toContainText('beta')
  await report.getByText('Failed only').click()
  await report.screenshot({ path: path.join(CHARTS_DIR, 'report.png'), fullPage: true })
  expect(refused).toEqual([])
  await context.close()
})
