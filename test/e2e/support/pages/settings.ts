import { expect, type Locator, type Page } from '@playwright/test'

/** The Settings dialog: theme, profiles and their keys, through accessible names. */
export class SettingsPage {
  constructor(readonly page: Page) {}

  dialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Settings' })
  }

  async open(): Promise<void> {
    await this.page.getByRole('button', { name: 'Settings', exact: true }).click()
    await expect(this.dialog()).toBeVisible()
  }

  async close(): Promise<void> {
    await this.page.keyboard.press('Escape')
    await expect(this.dialog()).toBeHidden()
  }

  profile(name: string): Locator {
    return this.dialog().getByRole('region', { name, exact: true })
  }

  /** Fills the new-profile form and submits it; the caller checks the outcome. */
  async submitNewProfile(values: { name: string; baseUrl: string; catalogSource?: 'gateway' | 'bundled' }) {
    const dialog = this.dialog()
    const form = dialog.getByRole('form', { name: 'New profile' })
    if (!(await form.isVisible())) await dialog.getByRole('button', { name: 'Add profile' }).click()
    await form.getByLabel('Name').fill(values.name)
    await form.getByLabel('Base URL').fill(values.baseUrl)
    if (values.catalogSource) await form.getByLabel('Catalog source').selectOption(values.catalogSource)
    await form.getByRole('button', { name: 'Add profile' }).click()
    return form
  }

  async addProfile(values: { name: string; baseUrl: string; catalogSource?: 'gateway' | 'bundled' }) {
    const form = await this.submitNewProfile(values)
    await expect(form).toBeHidden()
    await expect(this.profile(values.name)).toBeVisible()
  }

  /** Types the key into the profile's password field and saves it. */
  async enterKey(profileName: string, key: string): Promise<void> {
    const profile = this.profile(profileName)
    const field = profile.getByRole('textbox', { name: /^(New )?API key$/ })
    await expect(field).toHaveAttribute('type', 'password')
    await field.fill(key)
    await profile.getByRole('button', { name: /^(Save|Replace) key$/ }).click()
  }

  async removeKey(profileName: string): Promise<void> {
    const profile = this.profile(profileName)
    await profile.getByRole('button', { name: 'Remove key' }).click()
    await profile.getByRole('button', { name: 'Yes, remove' }).click()
  }

  /** "Stored in the system keychain · •••• 3f9a" and the reason, when there is one. */
  keyStatus(profileName: string): Locator {
    return this.profile(profileName).getByTestId('key-storage')
  }
}
