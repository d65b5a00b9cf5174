import { expect, type Locator, type Page } from '@playwright/test'
import type { DialectId } from '@shared/chat/chat-request'
import { dialects } from '@shared/dialects'

/**
 * The Parameters and Code tabs of the side panel, and the few chat controls their tests drive, all
 * through the agreed accessible names (so these helpers read like what a user does).
 */
export class ParamsPage {
  constructor(readonly page: Page) {}

  // ── side panel ──────────────────────────────────────────────────────────
  async openParameters(): Promise<void> {
    await this.page.getByRole('tab', { name: 'Parameters' }).click()
    await expect(this.page.getByRole('combobox', { name: 'Response format' })).toBeVisible()
  }

  async openCode(): Promise<void> {
    await this.page.getByRole('tab', { name: 'Code' }).click()
    await expect(this.curlCommand()).toBeVisible()
  }

  /** Response format → JSON schema, with this name and schema typed into the editors. */
  async useJsonSchema(name: string, schema: object): Promise<void> {
    await this.openParameters()
    await this.page.getByRole('combobox', { name: 'Response format' }).selectOption({ label: 'JSON schema' })
    await this.page.getByRole('textbox', { name: 'Schema name' }).fill(name)
    await this.page.getByRole('textbox', { name: 'JSON schema' }).fill(JSON.stringify(schema, null, 2))
    await expect(this.page.getByRole('alert')).toHaveCount(0)
  }

  async insertExampleTool(): Promise<void> {
    await this.openParameters()
    await this.page.getByRole('button', { name: 'Insert example' }).click()
    await expect(this.page.getByText('Applied: get_weather.')).toBeVisible()
  }

  /** `auto` / `none` / `required`, a tool's name, or `default` (nothing sent). */
  async setToolChoice(choice: string): Promise<void> {
    await this.openParameters()
    const select = this.page.getByRole('combobox', { name: 'Tool choice' })
    await select.selectOption(choice === 'default' ? { label: 'Default (auto)' } : { label: choice })
  }

  async setStream(on: boolean): Promise<void> {
    await this.openParameters()
    await this.page.getByRole('checkbox', { name: 'Stream' }).setChecked(on)
  }

  curlCommand(): Locator {
    return this.page.getByLabel('curl command')
  }

  /** The command as the "Copy" button puts it on the clipboard (needs clipboard permissions). */
  async copyCurlCommand(): Promise<string> {
    await this.openCode()
    await this.page.getByRole('button', { name: 'Copy', exact: true }).click()
    // A string: this file is typechecked for Node, without the DOM's globals.
    return this.page.evaluate<string>('navigator.clipboard.readText()')
  }

  // ── chat (another feature; driven through the agreed names) ─────────────
  pane(index: number): Locator {
    return this.page.getByRole('region', { name: `Pane ${index}` })
  }

  async selectDialect(paneIndex: number, dialect: DialectId): Promise<void> {
    const select = this.pane(paneIndex).getByRole('combobox', { name: 'Dialect' })
    // The option's value is the dialect id or its label is the registry's: accept either.
    const values = await select
      .locator('option')
      .evaluateAll((options) => options.map((option) => option.getAttribute('value') ?? ''))
    await select.selectOption(values.includes(dialect) ? dialect : { label: dialects[dialect].label })
  }

  async selectModel(paneIndex: number, model: string): Promise<void> {
    await this.pane(paneIndex).getByRole('combobox', { name: 'Model' }).selectOption(model)
  }

  async typeDraft(text: string): Promise<void> {
    await this.page.getByRole('textbox', { name: 'Message' }).fill(text)
  }

  async send(text: string): Promise<void> {
    await this.typeDraft(text)
    await this.page.getByRole('button', { name: 'Send' }).click()
  }

  assistantReplies(): Locator {
    return this.page.getByRole('article', { name: 'Assistant reply' })
  }

  /** Waits for the n-th (1-based) reply to reach its end: its footer is there and it is no longer running. */
  async waitForReply(n: number): Promise<Locator> {
    const reply = this.assistantReplies().nth(n - 1)
    await expect(reply.getByTestId('reply-footer')).toBeVisible()
    // "Stop" is offered only while a run is going (gone, or disabled, otherwise).
    await expect(this.page.getByRole('button', { name: 'Stop', exact: true, disabled: false })).toHaveCount(0)
    return reply
  }
}
