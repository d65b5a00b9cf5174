import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { percentile } from '@shared/stats/percentile'
import { startApp, type AppProcess } from './support/app-process'
import { hostInvoke } from './support/host-api'
import { ChatPage, SCREENSHOT_DIR } from './support/pages/chat'

/**
 * The workbench end to end in browser mode: a template with two variables, five cases imported from
 * CSV, three kinds of graders, both dialects × both models against the local gateway's simulator
 * (deterministic: it quotes the prompt, names the dialect and lists the temperature it saw), then a
 * re-run after a parameter change compared with the first run. The same set file through
 * `npm run eval` must give the same verdicts.
 */

const ROOT = path.resolve(import.meta.dirname, '../..')

// expect.contains: the city is quoted back (pass); Rome/Paris never (fail everywhere); the dialect id
// `openai-chat` only in OpenAI replies (the dialects differ on that case).
const CASES_CSV = [
  'city,lang,expect.contains',
  'Oslo,English,Oslo',
  'Lima,Spanish,Lima',
  'Kyoto,Japanese,Kyoto',
  'Rome,Italian,Paris',
  'Cairo,Arabic,`openai-chat`',
].join('\n')

let app: AppProcess

test.beforeAll(async () => {
  mkdirSync(SCREENSHOT_DIR, { recursive: true })
  app = await startApp({ gatewayConfig: { simulator: { ttftMs: 20, tokensPerSecond: 3000 } } })
})
test.afterAll(async () => {
  await app?.stop()
})

async function waitForRun(page: Page, runsBefore: number): Promise<void> {
  await expect(page.locator('.wb-run-status')).toHaveAttribute('data-status', 'finished', { timeout: 30_000 })
  await expect
    .poll(async () => (await hostInvoke(app, 'eval:list-runs', undefined)).length)
    .toBe(runsBefore + 1)
}

function verdicts(page: Page): Promise<string[][]> {
  return page
    .getByRole('grid', { name: 'Results grid' })
    .getByRole('row')
    .evaluateAll((rows) =>
      rows.map((row) =>
        [...row.querySelectorAll('[data-verdict]')].map((cell) => cell.getAttribute('data-verdict') ?? ''),
      ),
    )
}

test('template + CSV set over both dialects × both models: expected verdicts, regressions after a parameter change, same verdicts from npm run eval', async ({
  page,
}) => {
  test.setTimeout(180_000)
  await new ChatPage(page).open(app.url)
  await page.getByRole('button', { name: 'Workbench' }).click()

  await page.getByRole('textbox', { name: 'Set name' }).fill('cities')
  await page.getByRole('textbox', { name: 'User message' }).fill('Tell me about {{city}} in {{lang}}.')
  // Detected as typed.
  await expect(page.getByLabel('Detected variables')).toContainText('city')
  await expect(page.getByLabel('Detected variables')).toContainText('lang')
  await page.getByRole('spinbutton', { name: 'Temperature' }).first().fill('0')
  // The variables form fills the prompt as a run would, and keeps the values as a case.
  await page.getByRole('textbox', { name: 'Try value of city' }).fill('Oslo')
  await page.getByRole('textbox', { name: 'Try value of lang' }).fill('English')
  await expect(page.getByLabel('Filled prompt')).toHaveText('Tell me about Oslo in English.')
  await page.getByRole('button', { name: 'Add as case' }).click()
  await expect(page.getByRole('heading', { name: 'Cases (1)' })).toBeVisible()

  await page.getByLabel('Import cases file').setInputFiles({
    name: 'cities.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(CASES_CSV),
  })
  await expect(page.getByRole('heading', { name: 'Cases (5)' })).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'city of row-4' })).toHaveValue('Rome')

  // Three kinds of graders in all: contains (per case, from the CSV), regex and finish-reason (per set).
  await page.getByRole('combobox', { name: 'Grader kind' }).selectOption('regex')
  await page.getByRole('textbox', { name: 'Grader argument' }).fill('temperature 0\\b')
  await page.getByRole('button', { name: 'Add grader' }).click()
  await page.getByRole('combobox', { name: 'Grader kind' }).selectOption('finish-reason')
  await page.getByRole('textbox', { name: 'Grader argument' }).fill('stop')
  await page.getByRole('button', { name: 'Add grader' }).click()
  await expect(page.getByRole('region', { name: 'Set graders' }).getByRole('listitem')).toHaveCount(2)

  // Both dialects × the first two models of the local profile.
  await expect(page.getByRole('table', { name: 'Target list' }).getByRole('row')).toHaveCount(4)
  await page.getByRole('button', { name: 'Save set' }).click()
  await expect.poll(async () => (await hostInvoke(app, 'eval:list-sets', undefined)).length).toBe(1)

  await page.getByRole('button', { name: 'Run', exact: true }).click()
  await waitForRun(page, 0)
  const targets = await page.locator('.wb-grid-head [role=columnheader]').allTextContents()
  const openaiColumns = targets.slice(1).map((label) => label.startsWith('openai-chat'))
  const expected = [true, true, true, false].map((pass) => openaiColumns.map(() => (pass ? 'pass' : 'fail')))
  expected.push(openaiColumns.map((openai) => (openai ? 'pass' : 'fail')))
  expect(await verdicts(page)).toEqual(expected)
  await expect(page.getByRole('table', { name: 'Totals per target' })).toContainText('4/5')
  await expect(page.getByRole('table', { name: 'Totals per target' })).toContainText('3/5')
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'workbench-first-run.png') })

  // Export: in browser mode a download; the JSON reads back with every cell, the JUnit XML has one
  // failure or error per failed cell.
  const [jsonDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export JSON' }).click(),
  ])
  const exported = JSON.parse(readFileSync(await jsonDownload.path(), 'utf8')) as {
    format: string
    run: { cells: unknown[] }
  }
  expect(exported.format).toBe('model-gateway-eval-results')
  expect(exported.run.cells).toHaveLength(20)
  const [junitDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export JUnit' }).click(),
  ])
  expect(junitDownload.suggestedFilename()).toMatch(/\.junit\.xml$/)
  const junit = readFileSync(await junitDownload.path(), 'utf8')
  expect(junit.match(/<testcase /g)).toHaveLength(20)
  expect(junit.match(/<(failure|error) /g)).toHaveLength(6)

  // Filters: failed only keeps rows 4 and 5; differs between targets only row 5.
  await page.getByRole('checkbox', { name: 'Failed only' }).check()
  await expect(page.getByRole('grid', { name: 'Results grid' }).getByRole('row')).toHaveCount(2)
  await page.getByRole('checkbox', { name: 'Failed only' }).uncheck()
  await page.getByRole('checkbox', { name: 'Differs between targets' }).check()
  await expect(page.getByRole('grid', { name: 'Results grid' }).getByRole('row')).toHaveCount(1)
  await page.getByRole('checkbox', { name: 'Differs between targets' }).uncheck()

  // The same set file through the headless runner: the same verdict for every case × dialect × model.
  const setsDir = path.join(app.userDataDir, 'eval-sets')
  const setFile = path.join(setsDir, readdirSync(setsDir).find((name) => name.endsWith('.json')) as string)
  const out = path.join(os.tmpdir(), `workbench-e2e-${process.pid}.json`)
  // Not execFileSync: a blocked event loop would hand the next hostInvoke a keep-alive socket the
  // server closed meanwhile ("other side closed").
  try {
    await promisify(execFile)(
      process.execPath,
      [
        path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'),
        'src/main/eval-cli/cli.ts',
        setFile,
        '--json',
        out,
        '--ttft-ms',
        '5',
        '--tokens-per-second',
        '5000',
      ],
      { cwd: ROOT },
    )
  } catch (error) {
    // Exit code 1: some cells failed, as expected; the JSON is written either way.
    if ((error as { code?: number }).code !== 1) throw error
  }
  const cli = JSON.parse(readFileSync(out, 'utf8')) as {
    run: { cells: Array<{ caseId: string; targetId: string; passed: boolean }> }
  }
  const appRun = (await hostInvoke(app, 'eval:list-runs', undefined))[0]
  const saved = await hostInvoke(app, 'eval:get-run', { id: appRun?.id ?? '' })
  const byDialectModel = (
    cells: Array<{ caseId: string; targetId: string; passed: boolean }>,
    targetOf: (id: string) => string,
  ) => Object.fromEntries(cells.map((cell) => [`${cell.caseId} ${targetOf(cell.targetId)}`, cell.passed]))
  const appTargets = new Map(saved.targets.map((t) => [t.id, `${t.dialect}:${t.model}`]))
  expect(byDialectModel(cli.run.cells, (id) => id)).toEqual(
    byDialectModel(saved.cells, (id) => appTargets.get(id) ?? id),
  )
  writeFileSync(
    path.join(SCREENSHOT_DIR, 'workbench-cli-verdicts.json'),
    JSON.stringify(cli.run.cells.map((c) => [c.caseId, c.targetId, c.passed])),
  )

  // A parameter change on the last target: temperature 1 breaks its regex grader.
  const lastTarget = page.getByRole('table', { name: 'Target list' }).getByRole('row').last()
  await lastTarget.getByRole('spinbutton', { name: /^Temperature of/ }).fill('1')
  await page.getByRole('button', { name: 'Run', exact: true }).click()
  await waitForRun(page, 1)
  await page.getByRole('combobox', { name: 'Compare with run' }).selectOption({ index: 1 })
  // Rows 1–3 passed on the last target before and fail now; rows 4–5 failed there both times.
  await expect(page.locator('[data-regression=yes]')).toHaveCount(3)
  await expect(page.getByLabel('Comparison with the previous run')).toContainText('3 regressions')

  // A diff of one regression with the same case on the first target.
  await page.locator('[data-regression=yes]').first().click()
  await page
    .getByRole('grid', { name: 'Results grid' })
    .getByRole('row')
    .first()
    .locator('[data-verdict]')
    .first()
    .click()
  await expect(page.getByRole('region', { name: 'Cell diff' }).locator('.wb-diff-added')).not.toHaveCount(0)
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'workbench-regressions.png') })
  await page.getByRole('region', { name: 'Cell diff' }).scrollIntoViewIfNeeded()
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'workbench-diff.png') })
})

test('500 cases × 4 targets at 3,000 tokens/s: every cell arrives, the grid keeps a bounded DOM, every chart draws; frame figures printed', async ({
  page,
}) => {
  test.setTimeout(240_000)
  await new ChatPage(page).open(app.url)
  await page.getByRole('button', { name: 'Workbench' }).click()
  await page.getByRole('textbox', { name: 'User message' }).fill('Say {{word}} in 20 words.')
  const csv = ['word', ...Array.from({ length: 500 }, (_, i) => `w${i}`)].join('\n')
  await page
    .getByLabel('Import cases file')
    .setInputFiles({ name: 'big.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
  await expect(page.getByRole('heading', { name: 'Cases (500)' })).toBeVisible()
  // Cases are edited a page at a time: row 150 is on the second page.
  const casePages = page.getByRole('navigation', { name: 'Case pages' })
  await expect(casePages).toContainText('Cases 1–100 of 500')
  await casePages.getByRole('button', { name: 'Next' }).click()
  await expect(page.getByRole('textbox', { name: 'word of row-150' })).toHaveValue('w149')
  await expect(page.getByRole('table', { name: 'Target list' }).getByRole('row')).toHaveCount(4)

  // Frame gaps measured in the page while the grid fills (a figure, not a verdict: the machine is shared).
  await page.evaluate(() => {
    const gaps: number[] = []
    // Chromium's heap figure, sampled every 30 frames: the grid's memory must level off, not grow with it.
    const heap = (): number =>
      (performance as unknown as { memory: { usedJSHeapSize: number } }).memory.usedJSHeapSize
    const heapSamples: number[] = [heap()]
    let last = performance.now()
    const tick = (now: number): void => {
      gaps.push(now - last)
      if (gaps.length % 30 === 0) heapSamples.push(heap())
      last = now
      if ((window as unknown as { __stopFrames?: boolean }).__stopFrames !== true) requestAnimationFrame(tick)
    }
    requestAnimationFrame(tick)
    ;(window as unknown as { __gaps: number[] }).__gaps = gaps
    ;(window as unknown as { __heap: number[] }).__heap = heapSamples
    // Long tasks are the renderer's own work (> 50 ms on its main thread), as opposed to frames
    // late because the shared machine's cores were busy elsewhere.
    const longTasks: number[] = []
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) longTasks.push(entry.duration)
    }).observe({ type: 'longtask' })
    ;(window as unknown as { __longTasks: number[] }).__longTasks = longTasks
  })
  const started = Date.now()
  await page.getByRole('button', { name: 'Run', exact: true }).click()
  await expect(page.locator('.wb-run-status')).toHaveAttribute('data-status', 'finished', {
    timeout: 200_000,
  })
  const wallMs = Date.now() - started
  const { gaps, longTasks, heap } = await page.evaluate(() => {
    ;(window as unknown as { __stopFrames?: boolean }).__stopFrames = true
    return {
      gaps: (window as unknown as { __gaps: number[] }).__gaps.slice(1),
      longTasks: (window as unknown as { __longTasks: number[] }).__longTasks,
      heap: (window as unknown as { __heap: number[] }).__heap,
    }
  })
  await expect(page.locator('.wb-run-status')).toContainText('2000/2000')
  // Virtualised: a handful of rows in the DOM, not 500.
  expect(await page.getByRole('grid', { name: 'Results grid' }).getByRole('row').count()).toBeLessThan(40)
  // Every chart of a single run drew (the compared run's and the set's trend need a second run:
  // charts.e2e.ts shows them).
  const charts = page.getByRole('region', { name: 'Charts' })
  await expect(charts.getByRole('figure')).toHaveCount(5)
  for (const figure of await charts.getByRole('figure').all())
    await expect(figure.locator('canvas').first()).toBeVisible()
  const at = (p: number): number => percentile(gaps, p) ?? 0
  const over = gaps.filter((gap) => gap > 17).length
  const mb = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(1)} MB`
  console.log(
    `workbench 500×4: ${wallMs} ms wall, ${gaps.length} frames, frame gap p50 ${at(50).toFixed(1)} ms, p95 ${at(95).toFixed(1)} ms, p99 ${at(99).toFixed(1)} ms, max ${at(100).toFixed(1)} ms, ${over} frames > 17 ms; renderer long tasks: ${longTasks.length}, longest ${Math.round(Math.max(0, ...longTasks))} ms; JS heap ${mb(heap[0] ?? 0)} before, peak ${mb(Math.max(...heap))}, ${mb(heap.at(-1) ?? 0)} at the end`,
  )
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'workbench-500x4.png') })
})

test('chat template: variables detected as typed, the form fills the code preview and the sent request alike', async ({
  page,
}) => {
  const chat = new ChatPage(page)
  await chat.open(app.url)
  await page.getByRole('textbox', { name: 'System prompt' }).fill('Answer in {{lang}}.')
  await chat.message().fill('Tell me about {{city}} in 12 words.')
  const form = page.getByRole('region', { name: 'Template variables' })
  await expect(form.getByRole('textbox')).toHaveCount(2)
  await form.getByRole('textbox', { name: 'Value of lang' }).fill('Norwegian')
  // One value given, one missing: the code view says which instead of showing a command.
  await page.getByRole('tab', { name: 'Code' }).click()
  await expect(page.getByRole('tabpanel', { name: 'Code (next)' })).toContainText('{{city}}')
  await form.getByRole('textbox', { name: 'Value of city' }).fill('Oslo')
  await expect(page.getByRole('tabpanel', { name: 'Code (next)' })).toContainText(
    'Tell me about Oslo in 12 words.',
  )
  await expect(page.getByRole('tabpanel', { name: 'Code (next)' })).toContainText('Answer in Norwegian.')
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'chat-template-variables.png') })
  await chat.sendButton().click()
  await chat.waitForIdle()
  // The simulator quotes the last user message it received: the filled one.
  await expect(chat.lastReply(1)).toContainText('Tell me about Oslo in 12 words.')
  // The transcript keeps the template.
  await expect(chat.userMessages(1).last()).toContainText('{{city}}')
})

test('a set file opened from disk; Stop keeps the finished cells, Resume runs only the rest', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await new ChatPage(page).open(app.url)
  await page.getByRole('button', { name: 'Workbench' }).click()
  await page.getByLabel('Open set file').setInputFiles(path.join(ROOT, 'docs/examples/capitals.eval.yaml'))
  await expect(page.getByRole('heading', { name: 'Cases (5)' })).toBeVisible()
  await expect(page.getByLabel('Detected variables')).toContainText('country')
  await expect(page.getByLabel('Detected variables')).toContainText('style')

  const csv = ['country,style', ...Array.from({ length: 60 }, (_, i) => `Land ${i},one word`)].join('\n')
  await page
    .getByLabel('Import cases file')
    .setInputFiles({ name: 'many.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
  await expect(page.getByRole('heading', { name: 'Cases (60)' })).toBeVisible()
  await page.getByRole('spinbutton', { name: 'At once' }).fill('1')
  await page.getByRole('button', { name: 'Run', exact: true }).click()
  const status = page.locator('.wb-run-status')
  await expect(status).toContainText(/^([1-9]\d*)\/240/)
  await page.getByRole('button', { name: 'Stop' }).click()
  await expect(status).toHaveAttribute('data-status', 'stopped')
  const stoppedAt = Number(/^(\d+)\//.exec((await status.textContent()) ?? '')?.[1])
  expect(stoppedAt).toBeGreaterThan(0)
  expect(stoppedAt).toBeLessThan(240)
  const saved = (await hostInvoke(app, 'eval:list-runs', undefined)).find((run) => run.status === 'stopped')
  expect(saved?.cells).toBe(stoppedAt)

  await page.getByRole('spinbutton', { name: 'At once' }).fill('4')
  await page.getByRole('button', { name: 'Resume' }).click()
  await expect(status).toHaveAttribute('data-status', 'finished', { timeout: 60_000 })
  await expect(status).toContainText('240/240')
  const finished = await hostInvoke(app, 'eval:get-run', { id: saved?.id ?? '' })
  expect(finished.status).toBe('finished')
  expect(new Set(finished.cells.map((c) => `${c.caseId}/${c.targetId}`)).size).toBe(240)
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'workbench-resumed.png') })
})

test('a reload mid-run re-attaches to the run main is still going; it ends with every cell once', async ({
  page,
}) => {
  test.setTimeout(120_000)
  await new ChatPage(page).open(app.url)
  await page.getByRole('button', { name: 'Workbench' }).click()
  await page.getByLabel('Open set file').setInputFiles(path.join(ROOT, 'docs/examples/capitals.eval.yaml'))
  const csv = ['country,style', ...Array.from({ length: 60 }, (_, i) => `Land ${i},one word`)].join('\n')
  await page
    .getByLabel('Import cases file')
    .setInputFiles({ name: 'many.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
  await expect(page.getByRole('heading', { name: 'Cases (60)' })).toBeVisible()
  // Rubric graders would ask this target: the picker offers every target.
  await expect(page.getByRole('combobox', { name: 'Grading target' }).locator('option')).toHaveCount(4)
  await page.getByRole('spinbutton', { name: 'At once' }).fill('1')
  await page.getByRole('button', { name: 'Run', exact: true }).click()
  const status = page.locator('.wb-run-status')
  await expect(status).toContainText(/^([1-9]\d*)\/240/)

  await page.reload()
  await page.getByRole('button', { name: 'Workbench' }).click()
  // The draft is gone with the page; the run is not: it is shown again and goes on to its end.
  await expect(status).toContainText(/^\d+\/240/)
  await expect(status).toHaveAttribute('data-status', 'finished', { timeout: 90_000 })
  await expect(status).toContainText('240/240')
  const runs = await hostInvoke(app, 'eval:list-runs', undefined)
  const finished = await hostInvoke(app, 'eval:get-run', { id: runs[0]?.id ?? '' })
  expect(new Set(finished.cells.map((c) => `${c.caseId}/${c.targetId}`)).size).toBe(240)
  expect(finished.cells).toHaveLength(240)
})

test('pasted cases that do not parse: the reader loads on first use, the error names the line, the cases stay', async ({
  page,
}) => {
  await new ChatPage(page).open(app.url)
  await page.getByRole('button', { name: 'Workbench' }).click()
  await page.getByRole('textbox', { name: 'User message' }).fill('Say {{word}}.')
  await page.getByText('Paste CSV or JSONL').click()
  await page.getByRole('textbox', { name: 'Pasted cases' }).fill('{"word":"one"}\n{"word":')
  await page.getByRole('button', { name: 'Import as JSONL' }).click()
  await expect(page.getByRole('alert')).toContainText('line 2')
  await expect(page.getByRole('heading', { name: 'Cases (0)' })).toBeVisible()

  await page.getByRole('textbox', { name: 'Pasted cases' }).fill('word\none\ntwo')
  await page.getByRole('button', { name: 'Import as CSV' }).click()
  await expect(page.getByRole('heading', { name: 'Cases (2)' })).toBeVisible()
  await expect(page.getByRole('alert')).toHaveCount(0)
})
