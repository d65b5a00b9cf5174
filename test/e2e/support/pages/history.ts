import { expect, type Locator, type Page } from '@playwright/test'

/** The History tab of the sidebar, through accessible names. */
export class HistoryPage {
  constructor(readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.getByRole('tab', { name: 'History' }).click()
    await expect(this.page.getByRole('button', { name: 'Import', exact: true })).toBeVisible()
  }

  list(): Locator {
    return this.page.getByRole('list', { name: 'Saved conversations' })
  }

  item(title: string): Locator {
    return this.list()
      .getByRole('listitem')
      .filter({ has: this.page.getByTitle(title, { exact: true }) })
  }

  async importFile(file: { name: string; json: string }): Promise<void> {
    const chooser = this.page.waitForEvent('filechooser')
    await this.page.getByRole('button', { name: 'Import', exact: true }).click()
    await (
      await chooser
    ).setFiles({ name: file.name, mimeType: 'application/json', buffer: Buffer.from(file.json) })
  }

  async rename(from: string, to: string): Promise<void> {
    await this.item(from).getByRole('button', { name: 'Rename' }).click()
    const input = this.list().getByRole('textbox', { name: 'Title' })
    await input.fill(to)
    await input.press('Enter')
    await expect(this.item(to)).toBeVisible()
  }

  async remove(title: string): Promise<void> {
    const item = this.item(title)
    await item.getByRole('button', { name: 'Delete' }).click()
    await item.getByRole('group', { name: 'Delete it?' }).getByRole('button', { name: 'Delete' }).click()
    await expect(item).toHaveCount(0)
  }
}
