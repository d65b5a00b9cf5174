import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test } from '@playwright/test'
import { resolveGatewayConfig } from '@gateway/gateway-config'
import { startGateway, type RunningGateway } from '@gateway/start-gateway'
import { startApp, type AppProcess } from './support/app-process'
import { hostInvoke } from './support/host-api'
import { ChatPage } from './support/pages/chat'
import { ParamsPage } from './support/pages/params'

/**
 * Reasoning and the prompt cache against the app's own local gateway: a thinking budget streams a
 * thinking block before the answer and the next turn sends it back signed; two panes at effort low
 * and high differ in reasoning tokens; a cache breakpoint makes the second send read the cache and
 * cost fewer points.
 */

let app: AppProcess

test.beforeAll(async () => {
  app = await startApp()
})
test.afterAll(async () => {
  await app?.stop()
})

const focusPane = (chat: ChatPage, index: number) => chat.pane(index).locator('.pane-number').click()

/** The points figure of a reply's footer (`0.0000208 pts` → 0.0000208). */
async function pointsOf(chat: ChatPage): Promise<number> {
  const text = (await chat.footer(chat.lastReply()).getByText(/ pts$/).textContent()) ?? ''
  return Number(text.replace(' pts', ''))
}

test.describe('at a pace a user can watch', () => {
  // Streamed at 300 tokens/s, the thinking lasts seconds: long enough to see it open, however fast the machine.
  let paced: AppProcess
  test.beforeAll(async () => {
    paced = await startApp({ gatewayConfig: { simulator: { tokensPerSecond: 300 } } })
  })
  test.afterAll(async () => {
    await paced?.stop()
  })

  test('a thinking budget streams a thinking block, then the answer; the next turn sends it back', async ({
    page,
  }) => {
    const chat = new ChatPage(page)
    const params = new ParamsPage(page)
    await chat.open(paced.url)
    await params.selectDialect(1, 'anthropic-messages')
    await params.openParameters()
    // The budget counts in max tokens: a new chat's 1,024 leaves it no room, and the control says so.
    await page.getByRole('combobox', { name: 'Thinking' }).selectOption({ label: 'Budget' })
    await expect(page.getByRole('alert').filter({ hasText: 'below max tokens' })).toBeVisible()
    await page.getByRole('spinbutton', { name: 'Max tokens value' }).fill('4096')
    await page.getByRole('spinbutton', { name: 'Thinking budget' }).fill('2048')
    await expect(page.getByRole('alert').filter({ hasText: 'below max tokens' })).toHaveCount(0)

    await chat.send('Why is the sky blue?')
    const reply = chat.lastReply()
    // While it thinks, the block is open and counts; the answer comes after it.
    await expect(reply.getByText(/^Thinking…/)).toBeVisible()
    await chat.waitForIdle()
    const head = reply.getByText(/^Thought for \d+\.\d s · ~?[\d,]+ tokens$/)
    await expect(head).toBeVisible()
    await expect(chat.replyText(reply)).toContainText(/\w{3,}/)

    await chat.send('And at sunset?')
    await chat.waitForIdle()
    await expect(chat.footer(chat.lastReply())).toContainText('stop')
    await chat.lastReply().getByRole('button', { name: 'Inspect' }).click()
    const body = page.getByLabel('Request body')
    await expect(body).toContainText(/"type": "thinking"/)
    await expect(body).toContainText(/"signature": "[^"]+"/)
    // The inspector's raw events show the thinking as it streamed.
    // (Each row names its event and says what it carried: a thinking delta reads `thinking "…"`.)
    const events = page.getByRole('list', { name: 'Raw events' })
    await expect(events).toContainText('start thinking')
    await expect(events).toContainText(/content_block_delta\s*thinking "/)
  })
})

test.describe('what the gateway receives', () => {
  // The app's profile points at a recorder in front of a simulator gateway: the test reads the very
  // bodies the gateway got, not the app's own account of them.
  const BACK_KEY = 'sk-e2e-reasoning-back'
  let back: RunningGateway
  let recorder: Server
  let recorded: AppProcess
  const received: string[] = []
  test.beforeAll(async () => {
    back = await startGateway({
      apiKey: BACK_KEY,
      port: 0,
      config: resolveGatewayConfig({ simulator: { ttftMs: 0, tokensPerSecond: 300 } }),
    })
    recorder = createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (chunk: Buffer) => chunks.push(chunk))
      req.on('end', () => {
        const body = Buffer.concat(chunks)
        if (req.method === 'POST' && req.url?.endsWith('/messages')) received.push(body.toString())
        const forward = request(
          `${back.origin}${req.url ?? '/'}`,
          { method: req.method, headers: req.headers },
          (up) => {
            res.writeHead(up.statusCode ?? 502, up.headers)
            up.pipe(res)
          },
        )
        forward.on('error', () => res.destroy())
        forward.end(body)
      })
    })
    await new Promise<void>((resolve) => recorder.listen(0, '127.0.0.1', resolve))
    const { port } = recorder.address() as AddressInfo
    recorded = await startApp()
    const profile = await hostInvoke(recorded, 'profiles:save', {
      name: 'Recorded simulator',
      baseUrl: `http://127.0.0.1:${port}/v1`,
      catalogSource: 'bundled',
    })
    await hostInvoke(recorded, 'secrets:set', { profileId: profile.id, key: BACK_KEY })
    await hostInvoke(recorded, 'profiles:activate', { profileId: profile.id })
  })
  test.afterAll(async () => {
    await recorded?.stop()
    await new Promise((resolve) => recorder?.close(resolve))
    await back?.close()
  })

  test('the next turn sends the thinking back to the gateway, text and signature unchanged', async ({
    page,
  }) => {
    const chat = new ChatPage(page)
    const params = new ParamsPage(page)
    await chat.open(recorded.url)
    await params.selectDialect(1, 'anthropic-messages')
    await params.openParameters()
    await page.getByRole('spinbutton', { name: 'Max tokens value' }).fill('4096')
    await page.getByRole('combobox', { name: 'Thinking' }).selectOption({ label: 'Budget' })
    await page.getByRole('spinbutton', { name: 'Thinking budget' }).fill('2048')

    await chat.send('Why is the sky blue?')
    await chat.waitForIdle()
    await chat.send('And at sunset?')
    await chat.waitForIdle()
    await expect(chat.footer(chat.lastReply())).toContainText('stop')

    expect(received).toHaveLength(2)
    type Block = { type: string; thinking?: string; signature?: string; text?: string }
    const [first, second] = received.map(
      (body) =>
        JSON.parse(body) as {
          thinking?: unknown
          messages: Array<{ role: string; content: Block[] | string }>
        },
    )
    expect(first?.thinking).toEqual({ type: 'enabled', budget_tokens: 2048 })
    const answered = second?.messages[1]
    expect(answered?.role).toBe('assistant')
    const [thinking, text] = answered?.content as Block[]
    expect(thinking?.type).toBe('thinking')
    expect(thinking?.signature).toMatch(/^\S{20,}$/)
    expect(text?.type).toBe('text')
    // The thinking shown in the first reply is what went back.
    const shown = await chat
      .pane(1)
      .locator('article[aria-label="Assistant reply"]')
      .first()
      .locator('.msg-reasoning .msg-plain')
      .textContent()
    expect(thinking?.thinking).toBe(shown)
  })
})

test('a long thinking reads as one text: the same lines as laid out whole', async ({ page }) => {
  const chat = new ChatPage(page)
  const params = new ParamsPage(page)
  await chat.open(app.url)
  await params.selectDialect(1, 'anthropic-messages')
  await params.openParameters()
  await page.getByRole('spinbutton', { name: 'Max tokens value' }).fill('60000')
  await page.getByRole('combobox', { name: 'Thinking' }).selectOption({ label: 'Budget' })
  // Thinks 1/16 to 1/8 of the budget: thousands of tokens, many paragraphs.
  await page.getByRole('spinbutton', { name: 'Thinking budget' }).fill('50000')
  await chat.send('Plan a week of meals.')
  await chat.waitForIdle(60_000)
  const reply = chat.lastReply()
  await reply.locator('.msg-reasoning summary').click()
  const body = reply.locator('.msg-reasoning .msg-plain')
  await expect(body).toBeVisible()
  const laidOut = await body.evaluate((element) => {
    // The same text in one element of the same kind, beside it.
    const whole = document.createElement('div')
    whole.className = element.className
    whole.textContent = element.textContent
    element.after(whole)
    const figures = {
      chars: element.textContent?.length ?? 0,
      blocks: element.children.length,
      height: element.getBoundingClientRect().height,
      wholeHeight: whole.getBoundingClientRect().height,
    }
    whole.remove()
    return figures
  })
  expect(laidOut.chars).toBeGreaterThan(5_000)
  expect(laidOut.blocks).toBeGreaterThan(1)
  expect(laidOut.height).toBe(laidOut.wholeHeight)
})

test('compare with effort low against high: the differences list the reasoning tokens', async ({ page }) => {
  const chat = new ChatPage(page)
  await chat.open(app.url)
  await chat.setCompare('Models side by side')
  await page.getByRole('tab', { name: 'Parameters' }).click()
  await page.getByRole('button', { name: 'Link Reasoning across panes' }).click()
  const effort = page.getByRole('combobox', { name: 'Reasoning effort' })
  await focusPane(chat, 1)
  await effort.selectOption('effort:low')
  await focusPane(chat, 2)
  await effort.selectOption('effort:high')
  const summary = page.getByRole('region', { name: 'Compare summary' })
  await expect(summary.getByRole('row', { name: /Reasoning/ })).toContainText(/effort low.*effort high/)

  await chat.send('Which is larger, 9.11 or 9.9?')
  await chat.waitForIdle()
  const tokens = summary.getByRole('row', { name: /Reasoning tokens/ })
  await expect(tokens).toBeVisible()
  const [low, high] = (await tokens.getByRole('cell').allTextContents())
    .slice(-2)
    .map((text) => Number(text.replace(/[~,]/g, '')))
  expect(low).toBeGreaterThan(0)
  expect(high).toBeGreaterThan(low!)
  await expect(summary.getByRole('row', { name: /Thinking time/ })).toBeVisible()
})

test('a cache breakpoint after a long system prompt: the second send reads the cache and costs fewer points', async ({
  page,
}) => {
  const chat = new ChatPage(page)
  const params = new ParamsPage(page)
  await chat.open(app.url)
  await params.selectDialect(1, 'anthropic-messages')
  const rules = Array.from({ length: 300 }, (_, i) => `Rule ${i + 1}: answer politely and precisely.`)
  await page.getByRole('textbox', { name: 'System prompt' }).fill(rules.join('\n'))
  await params.openParameters()
  await page.getByRole('button', { name: 'Cache breakpoint after the system prompt' }).click()

  await chat.send('First question: what is 2 + 2?')
  await chat.waitForIdle()
  await expect(chat.footer(chat.lastReply())).toContainText(/[\d,]+ cache write · 0 cache read/)
  const first = await pointsOf(chat)

  await chat.send('Second question: what is 3 + 3?')
  await chat.waitForIdle()
  await expect(chat.footer(chat.lastReply())).toContainText(/[1-9][\d,]* cache read/)
  const second = await pointsOf(chat)
  expect(second).toBeLessThan(first)
})
