import type { MouseEvent } from 'react'

const COPIED_MS = 1500

/**
 * The copy buttons of code fences are plain HTML from the markdown renderer, so one click handler on
 * the markdown root serves them all (no React tree per code block).
 */
export function copyCodeFromClick(event: MouseEvent<HTMLElement>): void {
  const target = event.target
  if (!(target instanceof Element)) return
  const button = target.closest<HTMLButtonElement>('[data-md-copy]')
  if (!button) return
  const code = button.closest('.md-code')?.querySelector('code')?.textContent ?? ''
  const show = (label: string): void => {
    button.textContent = label
    setTimeout(() => {
      button.textContent = 'Copy'
    }, COPIED_MS)
  }
  navigator.clipboard.writeText(code).then(
    () => show('Copied'),
    () => show('Copy failed'),
  )
}
