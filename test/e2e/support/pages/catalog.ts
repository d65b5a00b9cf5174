import { expect, type Locator, type Page } from '@playwright/test'

/** The Models tab of the sidebar and its catalog cards, through their accessible names. */
export class CatalogPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.getByRole('tab', { name: 'Models' }).click()
  }

  card(modelName: string): Locator {
    return this.page.getByRole('article', { name: modelName, exact: true })
  }

  useModelButton(modelName: string): Locator {
    return this.card(modelName).getByRole('button', { name: 'Use model' })
  }

  async useModel(modelName: string): Promise<void> {
    await this.useModelButton(modelName).click()
    await expect(this.useModelButton(modelName)).toHaveAttribute('aria-pressed', 'true')
  }

  /** Label → value of the card's usage reference table. */
  async usageRows(modelName: string): Promise<Record<string, string>> {
    const rows = this.card(modelName).getByRole('table').getByRole('row')
    const entries: Array<[string, string]> = []
    for (const row of await rows.all()) {
      const label = await row.getByRole('rowheader').textContent()
      const value = await row.getByRole('cell').textContent()
      entries.push([label ?? '', value ?? ''])
    }
    return Object.fromEntries(entries)
  }

  async listItems(modelName: string, listName: 'Tags' | 'Details'): Promise<string[]> {
    return this.card(modelName).getByRole('list', { name: listName }).getByRole('listitem').allTextContents()
  }

  /** The dd of a fact ("Capability", "Status", "Context"). */
  fact(modelName: string, term: 'Capability' | 'Status' | 'Context'): Locator {
    return this.card(modelName).locator('dl.catalog-facts > div').filter({ hasText: term }).locator('dd')
  }

  /** The value shown next to an access label ("Base URL", "Model", "API Key"). */
  accessValue(modelName: string, label: 'Base URL' | 'Model' | 'API Key'): Locator {
    return this.card(modelName)
      .getByRole('region', { name: 'Access' })
      .locator('.catalog-access-row')
      .filter({ has: this.page.locator('dt', { hasText: label }) })
      .locator('dd')
  }

  /** Opens the quickstart disclosure and shows the tab with this label; returns its command. */
  async quickstart(modelName: string, label: string): Promise<Locator> {
    const card = this.card(modelName)
    const summary = card.locator('summary', { hasText: 'Quickstart (curl)' })
    if ((await summary.locator('xpath=..').getAttribute('open')) === null) await summary.click()
    await card.getByRole('tab', { name: label }).click()
    const command = card.getByRole('tabpanel', { name: label }).locator('pre')
    await expect(command).toBeVisible()
    return command
  }

  refreshButton(): Locator {
    return this.page.getByRole('button', { name: 'Refresh catalog' })
  }

  source(): Locator {
    return this.page.locator('.catalog-source')
  }

  warning(): Locator {
    return this.page.locator('.catalog-warning')
  }
}
