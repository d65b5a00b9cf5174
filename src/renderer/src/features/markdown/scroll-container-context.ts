import type { VirtualItem, Virtualizer } from '@tanstack/react-virtual'
import { createContext } from 'react'

export type ScrollContainer = {
  element: HTMLElement
  /** The view follows the end of the content (a streaming reply): it scrolls there itself. */
  followsEnd(): boolean
}

/**
 * The element that scrolls around a markdown view (a pane's transcript), when there is one: long
 * replies then render only the blocks near its viewport. Null elsewhere (every block is rendered).
 */
export const ScrollContainerContext = createContext<ScrollContainer | null>(null)

/**
 * When a virtualizer may move the scroll position to make up for an item measured above the viewport
 * (so what the user reads does not jump): tanstack's own rule, except never while the view follows the
 * end. Then the follower scrolls to the end after each change anyway, and a virtualizer adjusting from
 * a scroll offset it read before that scroll (several virtualizers share the element) threw the view
 * thousands of pixels back up at 4× CPU throttle.
 */
export function adjustScrollUnlessFollowing<S extends Element>(followsEnd: () => boolean) {
  return (item: VirtualItem, _delta: number, instance: Virtualizer<S, Element>): boolean => {
    if (followsEnd()) return false
    const offset = instance.scrollOffset ?? 0
    // First measurement: the estimate above the fold is corrected. Later ones: only an item wholly
    // above the fold, not one growing at its bottom across it, and not while scrolling up.
    if (!instance.itemSizeCache.has(item.key)) return item.start < offset
    return item.end <= offset && instance.scrollDirection !== 'backward'
  }
}

/**
 * Options of the virtualizers that share a transcript's scroll element (its rows, and the blocks of
 * each long reply in it).
 *
 * `initialOffset` is where the element is now: tanstack scrolls the element to a new virtualizer's
 * initial offset when it attaches, and a long reply's blocks attach when the reply comes into view.
 * With the default (0), opening a long conversation at its end mounted the last reply's blocks, which
 * threw the view back to the top, which unmounted them, and so on (seen in Chromium 150).
 *
 * `isScrollingResetDelay`: tanstack re-renders the virtualizer's component when its range changes and
 * when `isScrolling` flips: true at a scroll (a synchronous render inside the scroll event), false
 * 150 ms after the last one. A streaming reply scrolls the view to its end every frame, and on a slow
 * machine frames come further apart than that, so every frame paid two extra renders of each
 * virtualizer for the flip alone (performance.md R1 at 4×). Nothing here reads `isScrolling`: it now resets only after a pause
 * longer than a slow frame, and only range changes render (those must, in the same frame).
 */
export function sharedScrollVirtualizerOptions(scrollElement: () => Element | null) {
  return {
    initialOffset: () => scrollElement()?.scrollTop ?? 0,
    isScrollingResetDelay: 1000,
  } as const
}
