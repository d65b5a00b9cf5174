import MarkdownIt from 'markdown-it'

/**
 * The one markdown renderer for model output, which is untrusted (security.md §1):
 * - `html: false`: raw HTML in the text is escaped, never parsed, so `<script>`, `<img onerror>`,
 *   `<svg>`, `<iframe>` and `<style>` arrive as visible text;
 * - links only for http(s) and mailto (`javascript:`, `data:`, `file:`, `vbscript:`… stay plain
 *   text), opened in a new window without opener or referrer (Electron hands them to the system
 *   browser after the click);
 * - images are never loaded (a markdown image is a request to any server the model names, and a
 *   tracking pixel): they become links labelled with their alt text;
 * - code fences get a language label and a copy button (wired by the view, by delegation).
 */
const md = new MarkdownIt({ html: false, linkify: true, typographer: false, breaks: false })

const SAFE_LINK = /^(https?:|mailto:)/i

md.validateLink = (url: string): boolean => SAFE_LINK.test(url.trim())

const escapeHtml = md.utils.escapeHtml

md.renderer.rules.link_open = (tokens, idx, options, _env, self) => {
  const token = tokens[idx]
  if (token) {
    token.attrSet('target', '_blank')
    token.attrSet('rel', 'noopener noreferrer')
  }
  return self.renderToken(tokens, idx, options)
}

md.renderer.rules.image = (tokens, idx, options, env, self) => {
  const token = tokens[idx]
  if (!token) return ''
  const src = String(token.attrGet('src') ?? '')
  const alt = self.renderInlineAsText(token.children ?? [], options, env)
  const label = escapeHtml(alt.trim() === '' ? src : alt)
  return (
    `<a class="md-image-link" href="${escapeHtml(src)}" target="_blank" rel="noopener noreferrer"` +
    ` title="Image not loaded: ${escapeHtml(src)}">[image: ${label}]</a>`
  )
}

md.renderer.rules.fence = (tokens, idx) => {
  const token = tokens[idx]
  if (!token) return ''
  const language = (token.info.trim().split(/\s+/)[0] ?? '').slice(0, 40)
  return (
    `<div class="md-code">` +
    `<div class="md-code-head"><span class="md-code-lang">${escapeHtml(language || 'text')}</span>` +
    `<button type="button" class="md-code-copy" data-md-copy="">Copy</button></div>` +
    `<pre><code>${escapeHtml(token.content)}</code></pre></div>\n`
  )
}

/** HTML of one block of model output, safe to put in the page. */
export function renderMarkdownBlock(text: string): string {
  return md.render(text)
}

export const MAX_BLOCK_CHARS = 20_000
export const MAX_LINE_CHARS = 5_000

/**
 * Blocks markdown would be slow on (a huge block, a line of thousands of characters without breaks:
 * minified JSON, base64) are shown as plain pre-wrapped text instead: the user sees everything, and
 * a frame never waits on the parser.
 */
export function isPathologicalBlock(text: string): boolean {
  if (text.length > MAX_BLOCK_CHARS) return true
  if (text.length <= MAX_LINE_CHARS) return false
  let lineStart = 0
  for (;;) {
    const newline = text.indexOf('\n', lineStart)
    const end = newline === -1 ? text.length : newline
    if (end - lineStart > MAX_LINE_CHARS) return true
    if (newline === -1) return false
    lineStart = newline + 1
  }
}
