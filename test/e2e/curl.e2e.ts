import { expect, test } from '@playwright/test'
import { resolveGatewayConfig } from '@gateway/gateway-config'
import { startGateway, type RunningGateway } from '@gateway/start-gateway'
import type { DialectId } from '@shared/chat/chat-request'
import { startApp, type AppProcess } from './support/app-process'
import { hostInvoke } from './support/host-api'
import { ParamsPage } from './support/pages/params'
import { runCurlInBash } from './support/run-in-bash'

/**
 * The generated curl is the request the app would send: copied from the Code tab and run with bash
 * against a real gateway (with the key only in the environment), it gets a 200 in both dialects.
 */

const API_KEY = `sk-e2e-curl-${crypto.randomUUID()}`
let app: AppProcess
let gateway: RunningGateway

test.beforeAll(async () => {
  gateway = await startGateway({
    apiKey: API_KEY,
    port: 0,
    config: resolveGatewayConfig({ simulator: { ttftMs: 0, tokensPerSecond: 5000 } }),
  })
  app = await startApp()
  // Setup, not the subject: a remote profile on the test's gateway, its key, and made active.
  const profile = await hostInvoke(app, 'profiles:save', {
    name: 'E2E gateway',
    baseUrl: gateway.baseUrl,
    catalogSource: 'gateway',
  })
  await hostInvoke(app, 'secrets:set', { profileId: profile.id, key: API_KEY })
  await hostInvoke(app, 'profiles:activate', { profileId: profile.id })
})

test.afterAll(async () => {
  await app?.stop()
  await gateway?.close()
})

test.use({ permissions: ['clipboard-read', 'clipboard-write'] })

/** A copied command run with bash as a user would paste it, the key only in the environment. */
const runInBash = (command: string) => runCurlInBash(command, { MODEL_GATEWAY_API_KEY: API_KEY })

const cases: Array<{ dialect: DialectId; stream: boolean }> = [
  { dialect: 'openai-chat', stream: false },
  { dialect: 'openai-chat', stream: true },
  { dialect: 'anthropic-messages', stream: false },
  { dialect: 'anthropic-messages', stream: true },
]

for (const { dialect, stream } of cases) {
  test(`curl copied from the Code tab returns 200 from the gateway: ${dialect}, ${stream ? 'streaming' : 'one JSON reply'}`, async ({
    page,
  }) => {
    const params = new ParamsPage(page)
    await page.goto(app.url)
    await expect(page.getByRole('combobox', { name: 'Profile' }).locator('option:checked')).toContainText(
      'E2E gateway',
    )
    await params.selectDialect(1, dialect)
    await params.setStream(stream)
    // Quotes, $(…), backticks and non-ASCII: the command must carry them to the server intact.
    const draft = `Hello curl — it's $(echo pwned) \`date\` "quoted" ✓ ${dialect}`
    await params.typeDraft(draft)

    await params.openCode()
    await expect(params.curlCommand()).toContainText(gateway.baseUrl)
    // The draft is part of the command once typing settles.
    await expect(params.curlCommand()).toContainText('Hello curl')
    const command = await params.copyCurlCommand()
    expect(command).toBe(await params.curlCommand().textContent())
    expect(command).toContain('$MODEL_GATEWAY_API_KEY')
    expect(command).not.toContain(API_KEY)
    expect(command).toContain(dialect === 'openai-chat' ? '/chat/completions' : '/messages')
    await expect(page.locator('html')).not.toContainText(API_KEY)

    const result = await runInBash(command)
    expect(result.stderr).toBe('')
    expect(result.exitCode).toBe(0)
    const { body } = result
    expect(result.httpStatus).toBe('200')
    if (!stream) {
      const reply = JSON.parse(body) as Record<string, unknown>
      expect(reply['model']).toBeTruthy()
      if (dialect === 'openai-chat') expect(reply['object']).toBe('chat.completion')
      else expect(reply['type']).toBe('message')
      // The simulator quotes the last user message (as a JSON string): the draft reached it intact,
      // no quote broken, nothing expanded by the shell.
      const text =
        dialect === 'openai-chat'
          ? (reply as { choices: Array<{ message: { content: string } }> }).choices[0]?.message.content
          : (reply as { content: Array<{ text?: string }> }).content[0]?.text
      expect(text).toContain(JSON.stringify(draft))
    } else {
      expect(body).toMatch(/^(event: \w+\n)?data: /m)
      if (dialect === 'openai-chat') expect(body).toContain('data: [DONE]')
      else expect(body).toContain('event: message_stop')
    }
  })
}

/** The JSON body of a copied command (its single-quoted `--data-raw` word). */
function bodyOf(command: string): { messages: Array<{ role: string }> } & Record<string, unknown> {
  const start = command.indexOf("--data-raw '")
  expect(start).toBeGreaterThan(-1)
  const quoted = command.slice(start + "--data-raw '".length, command.lastIndexOf("'"))
  return JSON.parse(quoted.split("'\\''").join("'")) as ReturnType<typeof bodyOf>
}

test('Inspector → Copy as curl is the request that was sent (not the next one), and it runs', async ({
  page,
}) => {
  const params = new ParamsPage(page)
  await page.goto(app.url)
  await expect(page.getByRole('combobox', { name: 'Profile' }).locator('option:checked')).toContainText(
    'E2E gateway',
  )
  await params.selectDialect(1, 'anthropic-messages')
  await params.setStream(false)
  await params.typeDraft('Which request was sent?')
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  const reply = params.pane(1).getByRole('article', { name: 'Assistant reply' })
  await expect(reply.getByTestId('reply-footer')).toContainText('end_turn')

  await page.getByRole('tab', { name: 'Inspector' }).click()
  const shownBody = await page.getByLabel('Request body').textContent()
  await page.getByRole('button', { name: 'Copy as curl' }).click()
  const sent = await page.evaluate<string>('navigator.clipboard.readText()')
  expect(sent).toContain('$MODEL_GATEWAY_API_KEY')
  expect(sent).not.toContain(API_KEY)
  // The very body main sent (as the inspector shows it), ending with the user's turn.
  expect(bodyOf(sent)).toEqual(JSON.parse(shownBody ?? ''))
  expect(bodyOf(sent).messages.at(-1)?.role).toBe('user')
  const result = await runInBash(sent)
  expect(result.stderr).toBe('')
  expect(result.httpStatus).toBe('200')

  // The Code tab says it is the next request: here, with the reply as the last (prefill) message.
  await params.openCode()
  await expect(page.getByRole('tab', { name: 'Code (next)' })).toBeVisible()
  await expect(page.getByText(/the next request/i)).toBeVisible()
  const next = bodyOf((await params.curlCommand().textContent()) ?? '')
  expect(next.messages.at(-1)?.role).toBe('assistant')
})
