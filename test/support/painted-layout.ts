/**
 * In the page: `__paintedLayout.fresh()` says whether the layout a script reads now is the layout the
 * last frame painted. Checks of "what the user saw" (the view follows the end of a stream) sample the
 * layout in a task posted from an animation frame, which runs after that frame is rendered; but a task
 * queued before it (React applying the markdown worker's HTML, a store commit from an event) can change
 * the DOM in between. Such a sample shows a state no frame painted: the app's resize observer scrolls
 * to the end before the next paint, yet the sample reads the view 60 px off it (1 run in ~8 under load).
 *
 * How: a marker element changes size every frame, so this probe's resize observer runs in every
 * rendering step, after layout and before paint; a mutation observer records DOM changes. A change
 * seen after the observer ran is one no frame has painted yet. (A change made by a resize observer
 * that runs after this one is in the painted frame but counts as unpainted: a sample lost, never a
 * wrong one.)
 *
 * Written by hand: no library answers "was this layout painted"; it is two observers and a marker.
 * Self-contained, so Playwright can serialize it into the page (`addInitScript`, `evaluate`).
 */
export function installPaintedLayoutProbe(): void {
  type Node = { style: Record<string, string> }
  type Page = {
    __paintedLayout?: { fresh(): boolean }
    document: {
      documentElement: { appendChild(node: Node): void } | null
      createElement(tag: string): Node
      addEventListener(type: string, listener: () => void, options: object): void
    }
    requestAnimationFrame(callback: () => void): number
    ResizeObserver: new (callback: () => void) => { observe(target: Node): void }
    MutationObserver: new (callback: (records: Array<{ target: unknown }>) => void) => {
      observe(target: unknown, options: object): void
      takeRecords(): Array<{ target: unknown }>
    }
  }
  const page = globalThis as unknown as Page
  if (page.__paintedLayout) return

  let changedSinceLayout = true
  let takeRecords = (): boolean => true
  // An init script may run before the document has its root element.
  const start = (): void => {
    const marker = page.document.createElement('div')
    Object.assign(marker.style, {
      position: 'fixed',
      left: '0',
      top: '0',
      width: '1px',
      height: '1px',
      visibility: 'hidden',
      pointerEvents: 'none',
      contain: 'strict',
    })
    const notMarker = (records: Array<{ target: unknown }>): boolean =>
      records.some((record) => record.target !== marker)
    const mutations = new page.MutationObserver((records) => {
      if (notMarker(records)) changedSinceLayout = true
    })
    mutations.observe(page.document.documentElement, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    })
    new page.ResizeObserver(() => {
      // Every change recorded so far is in the layout this frame paints.
      mutations.takeRecords()
      changedSinceLayout = false
    }).observe(marker)
    page.document.documentElement?.appendChild(marker)

    let tall = false
    const everyFrame = (): void => {
      tall = !tall
      marker.style.height = tall ? '2px' : '1px'
      page.requestAnimationFrame(everyFrame)
    }
    page.requestAnimationFrame(everyFrame)
    takeRecords = () => notMarker(mutations.takeRecords())
  }
  if (page.document.documentElement) start()
  else page.document.addEventListener('DOMContentLoaded', start, { once: true })

  page.__paintedLayout = {
    fresh: () => {
      if (takeRecords()) changedSinceLayout = true
      return !changedSinceLayout
    },
  }
}
