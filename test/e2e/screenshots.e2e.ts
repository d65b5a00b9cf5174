import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import type { Conversation } from '@shared/history/conversation'
import { startApp, type AppProcess } from './support/app-process'
import { hostInvoke } from './support/host-api'
import { layoutProblems } from './support/layout-problems'
import { CatalogPage } from './support/pages/catalog'
import { HistoryPage } from './support/pages/history'
import { SettingsPage } from './support/pages/settings'

/**
 * The main screens in both themes at 1280×800 and 1920×1080, saved to artifacts/screenshots (git-
 * ignored) for people to look at, and measured: nothing cut off, nothing outside the window, nothing
 * drawn over its neighbour. (The chat screens are added by the chat feature.)
 */

const SCREENSHOTS = path.resolve(import.meta.dirname, '../../artifacts/screenshots')
const SIZES = [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
] as const
const THEMES = ['light', 'dark'] as const

let app: AppProcess

function conversation(index: number, title: string): Conversation {
  const now = Date.now() - index * 3_600_000
  return {
    version: 1,
    id: `shot-${index}`,
    title,
    createdAt: now,
    updatedAt: now,
    system: '',
    params: { stop: [], stream: true, maxTokens: 256 },
    panes: [
      {
        id: 'pane-1',
        dialect: index % 2 === 0 ? 'openai-chat' : 'anthropic-messages',
        model: index % 2 === 0 ? 'vendorb3.8-Flash-Next' : 'vendora-V4-Flash-Vision-Exp',
        messages: [
          { id: 'm1', role: 'user', content: [{ type: 'text', text: 'Hello' }] },
          { id: 'm2', role: 'assistant', content: [{ type: 'text', text: 'Hi! How can I help?' }] },
        ],
      },
    ],
  }
}

const PER_PANE_TITLE = 'Per-pane settings: one model through both dialects'

/** A dialect comparison with its own temperature and system prompt per pane, both answered. */
function perPaneCompare(): Conversation {
  const now = Date.now()
  const pane = (
    id: string,
    dialect: 'openai-chat' | 'anthropic-messages',
    temperature: number,
    system: string,
  ) => ({
    id,
    dialect,
    model: 'vendorb3.8-Flash-Next',
    settings: { system, params: { stop: [], stream: true, maxTokens: 256, temperature } },
    messages: [
      {
        id: 'm1',
        role: 'user' as const,
        content: [{ type: 'text' as const, text: 'Explain streaming in two lines.' }],
      },
      {
        id: `${id}-m2`,
        role: 'assistant' as const,
        content: [{ type: 'text' as const, text: `Streaming sends the reply as it is made (${system})` }],
        reply: {
          dialect,
          model: 'vendorb3.8-Flash-Next',
          state: 'completed' as const,
          finish: { unified: 'stop' as const, raw: dialect === 'openai-chat' ? 'stop' : 'end_turn' },
          usage: { inputTokens: 24, outputTokens: 40 },
          metrics: { ttftMs: 60, tokensPerSecond: 400 },
          adjustments: [],
          createdAt: now,
        },
      },
    ],
  })
  return {
    version: 1,
    id: 'shot-per-pane',
    title: PER_PANE_TITLE,
    createdAt: now,
    updatedAt: now,
    system: '',
    params: { stop: [], stream: true, maxTokens: 256 },
    panes: [
      pane('pane-a', 'openai-chat', 0.3, 'Answer as a pirate.'),
      pane('pane-b', 'anthropic-messages', 0.8, 'Answer as a poet.'),
    ],
    compare: 'dialects',
    unlinked: ['system', 'temperature'],
  }
}

test.beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true })
  app = await startApp()
  // A history worth looking at, including a title far too long for the sidebar.
  const titles = [
    'Greeting test',
    'Both dialects side by side on a long-winded prompt about the history of European capitals and rivers',
    'JSON schema reply',
  ]
  for (const [index, title] of titles.entries()) {
    await hostInvoke(app, 'history:import', { json: JSON.stringify(conversation(index, title)) })
  }
  await hostInvoke(app, 'history:import', { json: JSON.stringify(perPaneCompare()) })
  // A remote profile, so Settings shows the key form and the edit/remove actions.
  await hostInvoke(app, 'profiles:save', {
    name: 'Hosted gateway (staging, europe-west)',
    baseUrl: 'https://gateway.example.com/v1',
    loginUrl: 'https://gateway.example.com/login',
    catalogSource: 'bundled',
  })
})
test.afterAll(async () => {
  await app?.stop()
})

async function save(page: Page, screen: string, theme: string): Promise<void> {
  const { width, height } = page.viewportSize() ?? { width: 0, height: 0 }
  await page.screenshot({ path: path.join(SCREENSHOTS, `${screen}-${theme}-${width}x${height}.png`) })
}

for (const size of SIZES) {
  for (const theme of THEMES) {
    test(`main screens, ${theme}, ${size.width}×${size.height}`, async ({ page }) => {
      await page.setViewportSize(size)
      await page.goto(app.url)
      const catalog = new CatalogPage(page)
      await expect(catalog.card('vendorb3.8-Flash-Next')).toBeVisible()
      await page.getByRole('combobox', { name: 'Theme' }).selectOption(theme)
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
      // Fonts and layout settle before measuring.
      await page.evaluate(() => document.fonts.ready)

      await catalog.open()
      await save(page, 'models', theme)
      expect(await layoutProblems(page)).toEqual([])

      // The long parts of a card, opened.
      const command = await catalog.quickstart('vendorb3.8-Flash-Next', 'Anthropic (curl)')
      await command.evaluate((element) => element.scrollIntoView({ block: 'center' }))
      await save(page, 'models-quickstart', theme)
      expect(await layoutProblems(page)).toEqual([])

      const history = new HistoryPage(page)
      await history.open()
      await expect(history.list().getByRole('listitem')).toHaveCount(4)
      await save(page, 'history', theme)
      expect(await layoutProblems(page)).toEqual([])

      const settings = new SettingsPage(page)
      await settings.open()
      await save(page, 'settings', theme)
      expect(await layoutProblems(page)).toEqual([])
      await settings.close()

      // Compare with per-pane settings: the link toggles, two system prompts, the differences.
      await history.item(PER_PANE_TITLE).getByRole('button', { name: 'Open' }).click()
      await page.getByRole('tab', { name: 'Parameters' }).click()
      await page.getByRole('region', { name: 'Pane 2', exact: true }).locator('.pane-number').click()
      await expect(page.getByRole('button', { name: 'Link Temperature across panes' })).toHaveAttribute(
        'aria-pressed',
        'false',
      )
      await expect(page.getByRole('region', { name: 'Compare summary' })).toContainText('Temperature')
      await save(page, 'compare-per-pane', theme)
      expect(await layoutProblems(page)).toEqual([])

      // The shortcut list (?), over the app.
      await page.locator('body').press('?')
      await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible()
      await save(page, 'shortcuts', theme)
      expect(await layoutProblems(page)).toEqual([])
      await page.keyboard.press('Escape')
    })
  }
}
