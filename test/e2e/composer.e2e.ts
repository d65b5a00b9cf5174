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

  // By mouse, with the refusal's notice still up: notices never cover the composer.
  await chat.send('What is in this image?')
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

/** Do two boxes overlap? */
function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
}

const notTextFiles = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    name: `notes-${i}-with-a-rather-long-name-that-makes-the-notice-wrap-over-several-lines.png`,
    mimeType: 'image/png',
    buffer: Buffer.from(`text ${i}\n`),
  }))

test('error notices, however many, never cover the composer: message box, Attach, fault select, Send', async ({
  page,
}) => {
  const chat = new ChatPage(page)
  await chat.open(app.url)
  await new CatalogPage(page).useModel(VISION_MODEL)
  await attachFiles(page, notTextFiles(5))
  const notices = page.getByRole('alert')
  await expect(notices).toHaveCount(5)

  const controls = [
    chat.message(),
    page.getByRole('button', { name: 'Attach image' }),
    page.getByRole('combobox', { name: 'Simulate fault' }),
    chat.sendButton(),
  ]
  await chat.message().fill('Still reachable?')
  for (const size of [
    { width: 1280, height: 800 },
    { width: 1920, height: 1080 },
    { width: 1000, height: 700 },
  ]) {
    await page.setViewportSize(size)
    for (const control of controls) {
      const box = (await control.boundingBox())!
      for (const notice of await notices.all()) {
        expect(overlaps(box, (await notice.boundingBox())!), `${size.width}×${size.height}`).toBe(false)
      }
      // And what the pointer meets at the control's centre is the control itself.
      const hit = await page.evaluate(
        ({ x, y }) => document.elementFromPoint(x, y)?.closest('.notice') !== null,
        { x: box.x + box.width / 2, y: box.y + box.height / 2 },
      )
      expect(hit).toBe(false)
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 })
  await chat.sendButton().click({ timeout: 5_000 })
  await chat.waitForIdle()
  await expect(chat.replies()).toHaveCount(1)
})

test('an error notice goes by itself, later than a confirmation would, has a close button, and stays while hovered', async ({
  page,
}) => {
  await page.clock.install()
  const chat = new ChatPage(page)
  await chat.open(app.url)
  await new CatalogPage(page).useModel(VISION_MODEL)
  await attachFiles(page, notTextFiles(1))
  const notice = page.getByRole('alert')
  await expect(notice).toHaveCount(1)

  // Past a confirmation's 5 s: the error is still there to be read.
  await page.clock.runFor(8_000)
  await expect(notice).toHaveCount(1)
  // Hovered, it stays however long the user reads.
  await notice.hover()
  await page.clock.runFor(60_000)
  await expect(notice).toHaveCount(1)
  // Left alone, it goes.
  await page.mouse.move(5, 5)
  await page.clock.runFor(16_000)
  await expect(notice).toHaveCount(0)

  await attachFiles(page, notTextFiles(1))
  await expect(notice).toHaveCount(1)
  await notice.getByRole('button', { name: 'Dismiss' }).click()
  await expect(notice).toHaveCount(0)
})
