import { expect, type Locator, type Page } from '@playwright/test'
import path from 'node:path'
import { layoutProblems } from '../layout-problems'

export const TEXT_MODEL = 'vendorb3.8-Flash-Next'
export const VISION_MODEL = 'vendora-V4-Flash-Vision-Exp'
export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../../../artifacts/screenshots')

/** A 1×1 transparent PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
)

/**
 * The chat area through its agreed accessible names: panes, composer, replies and their footers,
 * the compare control and the fault select. Reads like what a user does.
 */
export class ChatPage {
  constructor(readonly page: Page) {}

  pane(index: number): Locator {
    return this.page.getByRole('region', { name: `Pane ${index}`, exact: true })
  }

  message(): Locator {
    return this.page.getByRole('textbox', { name: 'Message' })
  }

  sendButton(): Locator {
    return this.page.getByRole('button', { name: 'Send', exact: true })
  }

  stopButton(): Locator {
    return this.page.getByRole('button', { name: 'Stop', exact: true })
  }

  async open(url: string): Promise<void> {
    await this.page.goto(url)
    await expect(this.message()).toBeVisible()
    // The catalog arrived and the first pane has a model.
    await expect(this.pane(1).getByRole('combobox', { name: 'Model' })).not.toHaveValue('')
  }

  async send(text: string): Promise<void> {
    await this.message().fill(text)
    await this.sendButton().click()
  }

  replies(paneIndex = 1): Locator {
    return this.pane(paneIndex).getByRole('article', { name: 'Assistant reply' })
  }

  userMessages(paneIndex = 1): Locator {
    return this.pane(paneIndex).getByRole('article', { name: 'User message' })
  }

  lastReply(paneIndex = 1): Locator {
    return this.replies(paneIndex).last()
  }

  footer(reply: Locator): Locator {
    return reply.getByTestId('reply-footer')
  }

  /** The reply's own text (markdown), without its header and footer. */
  replyText(reply: Locator): Locator {
    return reply.locator('.msg-body')
  }

  /**
   * Scrolls a pane's transcript to its top with the wheel, as a user would: the transcript is
   * virtualized, so rows out of view are not in the page.
   */
  async scrollToTop(paneIndex = 1): Promise<void> {
    const transcript = this.pane(paneIndex).locator('.transcript-scroll')
    await transcript.hover()
    await expect(async () => {
      await this.page.mouse.wheel(0, -5000)
      expect(await transcript.evaluate((element) => element.scrollTop)).toBe(0)
    }).toPass()
  }

  /** Waits until no run of the conversation is going (the Stop button is gone). */
  async waitForIdle(timeout = 20_000): Promise<void> {
    await expect(this.stopButton()).toHaveCount(0, { timeout })
  }

  async selectModel(paneIndex: number, model: string): Promise<void> {
    await this.pane(paneIndex).getByRole('combobox', { name: 'Model' }).selectOption(model)
  }

  async setCompare(mode: 'Single' | 'Dialects side by side' | 'Models side by side'): Promise<void> {
    await this.page.getByRole('radiogroup', { name: 'Compare' }).getByRole('radio', { name: mode }).check()
  }

  async simulate(label: string): Promise<void> {
    await this.page.getByRole('combobox', { name: 'Simulate fault' }).selectOption({ label })
  }

  async setTheme(theme: 'Light' | 'Dark'): Promise<void> {
    await this.page.getByRole('combobox', { name: 'Theme' }).selectOption({ label: theme })
    await expect(this.page.locator('html')).toHaveAttribute('data-theme', theme.toLowerCase())
  }

  /** Screenshots of the current screen in both themes at both sizes, each checked for layout problems. */
  async screenshots(name: string, prepare?: () => Promise<void>): Promise<void> {
    for (const size of [
      { width: 1280, height: 800 },
      { width: 1920, height: 1080 },
    ]) {
      await this.page.setViewportSize(size)
      for (const theme of ['Light', 'Dark'] as const) {
        await this.setTheme(theme)
        if (prepare) await prepare()
        // Layout settles (virtualized rows are measured after they render).
        await this.page.waitForTimeout(250)
        // The same measure as the other screens: nothing cut off, outside the window or overlapping.
        expect(await layoutProblems(this.page), `${name} ${theme} ${size.width}×${size.height}`).toEqual([])
        await this.page.screenshot({
          path: path.join(
            SCREENSHOT_DIR,
            `chat-${name}-${theme.toLowerCase()}-${size.width}x${size.height}.png`,
          ),
        })
      }
    }
    await this.page.setViewportSize({ width: 1280, height: 800 })
  }
}
