import { expect, test, type Page } from '@playwright/test'
import { startApp, type AppProcess } from './support/app-process'
import { CatalogPage } from './support/pages/catalog'
import { ChatPage, VISION_MODEL } from './support/pages/chat'

/**
 * Daily use of the composer, against the app's own local gateway in browser mode: what gets
 * attached, what gets sent, and what the notices do while one works.
 */

let app: AppProcess

test.beforeAll(async () => {
  app = await startApp()
})
test.afterAll(async () => {
  await app?.stop()
})

/** A real JPEG, drawn by the browser itself (canvas), as bytes. */
async function jpegBytes(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas')
    canvas.width = 4
    canvas.height = 4
    canvas.getContext('2d')!.fillRect(0, 0, 4, 4)
    return canvas.toDataURL('image/jpeg').split(',')[1]!
  })
  return Buffer.from(base64, 'base64')
}

async function attachFiles(page: Page, files: Array<{ name: string; mimeType: string; buffer: Buffer }>) {
  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: 'Attach image' }).click()
  await (await chooser).setFiles(files)
}

test('the bytes decide: a text file named .png is refused, a JPEG named .png is sent as image/jpeg', async ({
  page,
}) => {
  const chat = new ChatPage(page)
  await chat.open(app.url)
  await new CatalogPage(page).useModel(VISION_MODEL)

  await attachFiles(page, [
    { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('These are my notes, not a picture.\n') },
  ])
  await expect(page.getByRole('alert').filter({ hasText: 'notes.png is not an image' })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Attached images' })).toHaveCount(0)

  await attachFiles(page, [{ name: 'photo.png', mimeType: 'image/png', buffer: await jpegBytes(page) }])
  const thumbnails = page.getByRole('list', { name: 'Attached images' }).getByRole('img')
  await expect(thumbnails).toHaveCount(1)
  // The thumbnail decodes: it was labelled with the type its bytes have.
  await expect.poll(() => thumbnails.first().evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(4)

  // By keyboard: the refusal's notice may still be up (where it sits is another test's subject).
  await chat.message().fill('What is in this image?')
  await chat.message().press('Control+Enter')
  await chat.waitForIdle()
  await expect(chat.lastReply()).toContainText('You attached 1 image (image/jpeg)')
})
