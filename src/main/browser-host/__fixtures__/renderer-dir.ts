import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

export const INDEX_HTML = '<!doctype html><html><head><title>Test page</title></head><body></body></html>\n'
export const APP_JS = 'console.log("asset")\n'
export const STYLE_CSS = 'body { color: red }\n'
/** Lives next to the renderer folder: any request that returns it escaped the folder. */
export const SECRET_TEXT = 'SECRET-OUTSIDE-RENDERER-DIR'

export type RendererDir = { root: string; rendererDir: string; remove(): Promise<void> }

/**
 * `<tmp>/renderer/{index.html, assets/app.js, assets/style.css, .env, escape -> ..}` and
 * `<tmp>/secret.txt` beside it, the file traversal attempts aim at.
 */
export async function createRendererDir(): Promise<RendererDir> {
  const root = await mkdtemp(path.join(tmpdir(), 'browser-host-'))
  const rendererDir = path.join(root, 'renderer')
  await mkdir(path.join(rendererDir, 'assets'), { recursive: true })
  await writeFile(path.join(rendererDir, 'index.html'), INDEX_HTML)
  await writeFile(path.join(rendererDir, 'assets', 'app.js'), APP_JS)
  await writeFile(path.join(rendererDir, 'assets', 'style.css'), STYLE_CSS)
  await writeFile(path.join(rendererDir, '.env'), SECRET_TEXT)
  await writeFile(path.join(root, 'secret.txt'), SECRET_TEXT)
  await symlink(path.join(root, 'secret.txt'), path.join(rendererDir, 'assets', 'linked.txt'))
  return { root, rendererDir, remove: () => rm(root, { recursive: true, force: true }) }
}
