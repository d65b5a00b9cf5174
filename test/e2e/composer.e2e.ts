import { expect, test, type Page } from '@playwright/test'
import { startApp, type AppProcess } from './support/app-process'
import { CatalogPage } from './support/pages/catalog'
import { ChatPage, TEXT_MODEL, TINY_PNG, VISION_MODEL } from './support/pages/chat'

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

test('a history with an image, sent to the text-only model: asked first, then sent without the image (no 400)', async ({
  page,
}) => {
  const chat = new ChatPage(page)
  const catalog = new CatalogPage(page)
  await chat.open(app.url)
  await catalog.useModel(VISION_MODEL)
  await attachFiles(page, [{ name: 'dot.png', mimeType: 'image/png', buffer: TINY_PNG }])
  await chat.send('What is in this image?')
  await chat.waitForIdle()
  await expect(chat.lastReply()).toContainText('You attached 1 image (image/png)')

  await catalog.useModel(TEXT_MODEL)
  await chat.send('And in words only?')
  const choice = page.getByRole('alertdialog')
  await expect(choice).toContainText(
    `${TEXT_MODEL} is text-only, and this conversation has an image earlier on`,
  )
  // Nothing went out yet: the draft waits, no second reply.
  await expect(chat.message()).toHaveValue('And in words only?')
  await expect(chat.replies()).toHaveCount(1)

  await choice.getByRole('button', { name: 'Send without the images' }).click()
  await chat.waitForIdle()
  await expect(choice).toHaveCount(0)
  await expect(chat.replies()).toHaveCount(2)
  await expect(chat.lastReply().locator('.reply-error')).toHaveCount(0)
  await expect(chat.footer(chat.lastReply())).not.toContainText('400')
  await expect(
    page.getByRole('status').filter({ hasText: `Sent to ${TEXT_MODEL} without the image` }),
  ).toBeVisible()
  // The transcript keeps the image the vision model saw.
  await expect(chat.userMessages().first().getByRole('img')).toHaveCount(1)
})
