import type { Page } from '@playwright/test'

/**
 * What a person would call a broken layout, measured in the page: text or boxes cut off, things
 * hanging out of the window, siblings drawn on top of each other. Returns one line per problem
 * (empty when the screen is fine), naming the element so a failure says where to look.
 *
 * - An element that is not a scroll container must not be wider than its box (`scrollWidth` ≤
 *   `clientWidth` + 1), nor taller when it clips (`overflow: hidden`). Deliberate ellipsis with the
 *   full text as a tooltip (`text-overflow: ellipsis` and a `title`) is allowed.
 * - No element's box may extend beyond the viewport, unless a scrolling ancestor holds it (it is
 *   then reachable by scrolling that panel).
 * - Children of a flex or grid container must not overlap each other (more than 1 px).
 * - The page itself never scrolls: every region scrolls on its own.
 */
export async function layoutProblems(page: Page, rootSelector = 'body'): Promise<string[]> {
  return page.evaluate((selector) => {
    const problems: string[] = []
    const viewportWidth = window.innerWidth
    const viewportHeight = window.innerHeight
    const root = document.querySelector(selector)
    if (!root) return [`no element ${selector}`]

    const describe = (element: Element): string => {
      const label = element.getAttribute('aria-label') ?? element.getAttribute('title') ?? ''
      const classes = [...element.classList].join('.')
      const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)
      return `<${element.tagName.toLowerCase()}${classes ? '.' + classes : ''}${label ? ` "${label}"` : ''}> ${text}`
    }
    const scrolls = (style: CSSStyleDeclaration): boolean =>
      /(auto|scroll)/.test(style.overflowX) || /(auto|scroll)/.test(style.overflowY)
    const isShown = (element: Element, style: CSSStyleDeclaration): boolean => {
      if (style.display === 'none' || style.visibility === 'hidden' || style.display === 'contents')
        return false
      if (element.closest('.visually-hidden, [hidden], details:not([open]) > :not(summary)')) return false
      const rect = element.getBoundingClientRect()
      return rect.width > 0 || rect.height > 0
    }
    // Form controls scroll their own text; replaced and SVG content is sized by its attributes.
    const SKIP = new Set(['INPUT', 'TEXTAREA', 'SELECT', 'OPTION', 'svg', 'path', 'IMG', 'BR'])

    const html = document.documentElement
    if (html.scrollWidth > viewportWidth + 1 || html.scrollHeight > viewportHeight + 1) {
      problems.push(
        `the page scrolls: ${html.scrollWidth}×${html.scrollHeight} in ${viewportWidth}×${viewportHeight}`,
      )
    }

    for (const element of [root, ...root.querySelectorAll('*')]) {
      if (!(element instanceof HTMLElement) || SKIP.has(element.tagName)) continue
      const style = getComputedStyle(element)
      if (!isShown(element, style)) continue
      const rect = element.getBoundingClientRect()

      if (style.display !== 'inline' && !scrolls(style)) {
        const ellipsized = style.textOverflow === 'ellipsis' && element.hasAttribute('title')
        if (!ellipsized && element.scrollWidth > element.clientWidth + 1) {
          problems.push(
            `cut off horizontally (${element.scrollWidth} > ${element.clientWidth}): ${describe(element)}`,
          )
        }
        const clips = style.overflowY === 'hidden' || style.overflowY === 'clip'
        if (clips && !ellipsized && element.scrollHeight > element.clientHeight + 1) {
          problems.push(
            `cut off vertically (${element.scrollHeight} > ${element.clientHeight}): ${describe(element)}`,
          )
        }
      }

      const outside =
        rect.left < -1 || rect.top < -1 || rect.right > viewportWidth + 1 || rect.bottom > viewportHeight + 1
      if (outside) {
        let held = false
        for (let parent = element.parentElement; parent; parent = parent.parentElement) {
          if (scrolls(getComputedStyle(parent))) {
            held = true
            break
          }
        }
        if (!held) {
          problems.push(
            `outside the window (${Math.round(rect.left)},${Math.round(rect.top)}–${Math.round(rect.right)},${Math.round(rect.bottom)}): ${describe(element)}`,
          )
        }
      }

      if (style.display.includes('flex') || style.display.includes('grid')) {
        const children = [...element.children].filter((child): child is HTMLElement => {
          if (!(child instanceof HTMLElement)) return false
          const childStyle = getComputedStyle(child)
          return (
            childStyle.position !== 'absolute' &&
            childStyle.position !== 'fixed' &&
            isShown(child, childStyle)
          )
        })
        const boxes = children.map((child) => child.getBoundingClientRect())
        for (let a = 0; a < boxes.length; a++) {
          for (let b = a + 1; b < boxes.length; b++) {
            const first = boxes[a]
            const second = boxes[b]
            if (!first || !second) continue
            const overlapX = Math.min(first.right, second.right) - Math.max(first.left, second.left)
            const overlapY = Math.min(first.bottom, second.bottom) - Math.max(first.top, second.top)
            if (overlapX > 1 && overlapY > 1) {
              problems.push(
                `overlap: ${describe(children[a] as Element)} ⨯ ${describe(children[b] as Element)}`,
              )
            }
          }
        }
      }
    }
    return problems
  }, rootSelector)
}
