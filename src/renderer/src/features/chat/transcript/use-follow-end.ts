import type { Virtualizer } from '@tanstack/react-virtual'
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'

/** Within this many pixels of the end counts as "at the bottom" (sub-pixel layouts, rounding). */
const BOTTOM_SLACK_PX = 48
/** A scroll this soon after a wheel, touch or key press is the user's (not layout or the virtualizer). */
const USER_SCROLL_WINDOW_MS = 800
const SCROLL_KEYS = new Set(['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End', ' '])

/** What the transcript needs to follow its end: the rows' element, the scroll element's handlers. */
export type FollowEnd = {
  /** The element that holds the rows: observed, so rows growing keep the end in view. */
  rowsRef: React.RefObject<HTMLDivElement | null>
  /** The view follows the end (the user did not scroll away from it). */
  followsEnd(): boolean
  awayFromBottom: boolean
  /** For the scroll element: its scroll, and the gestures that make a scroll the user's. */
  scrollHandlers: Pick<
    React.HTMLAttributes<HTMLDivElement>,
    'onScroll' | 'onWheel' | 'onTouchMove' | 'onPointerDown' | 'onKeyDown'
  >
  jumpToLatest(): void
}

/**
 * Keeps a virtualized transcript at its end while replies stream, unless the user scrolled up to
 * read; then `awayFromBottom` offers a way back. Only a scroll the user made can unstick it: rows
 * growing, the pane resizing and the virtualizer correcting its estimates also move the scroll
 * position, and must not count as "scrolled up".
 */
export function useFollowEnd(
  scrollRef: React.RefObject<HTMLDivElement | null>,
  ids: readonly string[],
  virtualizer: Virtualizer<HTMLDivElement, Element>,
): FollowEnd {
  const rowsRef = useRef<HTMLDivElement>(null)
  const stick = useRef(true)
  const [awayFromBottom, setAwayFromBottom] = useState(false)
  const followsEnd = useCallback(() => stick.current, [])
  const setFollowing = (following: boolean): void => {
    stick.current = following
    setAwayFromBottom(!following)
  }
  const scrollHandlers = useUserScrollHandlers(scrollRef, setFollowing)

  const scrollToEnd = useCallback(() => {
    const element = scrollRef.current
    if (element) element.scrollTop = element.scrollHeight
  }, [scrollRef])

  // A message added at the end (a send, a regenerate) brings the view back to it: the button goes
  // in the render that shows the message, the view follows from that commit on.
  const lastId = ids.at(-1)
  const [shownLastId, setShownLastId] = useState(lastId)
  if (shownLastId !== lastId) {
    setShownLastId(lastId)
    setAwayFromBottom(false)
  }
  useLayoutEffect(() => {
    stick.current = true
  }, [lastId])

  // New rows keep the end in view while the user is there.
  useLayoutEffect(() => {
    if (stick.current) scrollToEnd()
  }, [ids.length, lastId, scrollToEnd])

  const hasRows = ids.length > 0
  // Rows growing as they stream (the rows flow, so the list grows with them), the pane getting shorter
  // (compare summary, a taller composer) or narrower (rows re-wrap): observed after layout, so reading
  // the scroll height costs nothing, where a layout effect per streamed frame forced a layout each time.
  useEffect(() => {
    const element = scrollRef.current
    if (!element || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(() => {
      if (stick.current) scrollToEnd()
    })
    observer.observe(element)
    if (rowsRef.current) observer.observe(rowsRef.current)
    return () => observer.disconnect()
  }, [scrollRef, scrollToEnd, hasRows])

  return {
    rowsRef,
    followsEnd,
    awayFromBottom,
    scrollHandlers,
    jumpToLatest() {
      setFollowing(true)
      if (ids.length > 0) virtualizer.scrollToIndex(ids.length - 1, { align: 'end' })
      requestAnimationFrame(scrollToEnd)
    },
  }
}

/**
 * The scroll element's handlers: a scroll to the bottom follows the end again; a scroll away from it
 * stops following only when a wheel, touch, key or scrollbar press came just before (the user's).
 */
function useUserScrollHandlers(
  scrollRef: React.RefObject<HTMLDivElement | null>,
  setFollowing: (following: boolean) => void,
): FollowEnd['scrollHandlers'] {
  const lastUserGesture = useRef(0)
  const markUserGesture = (): void => {
    lastUserGesture.current = performance.now()
  }
  return {
    onScroll: () => {
      const element = scrollRef.current
      if (!element) return
      const atBottom = element.scrollHeight - element.scrollTop - element.clientHeight <= BOTTOM_SLACK_PX
      if (atBottom) setFollowing(true)
      else if (performance.now() - lastUserGesture.current < USER_SCROLL_WINDOW_MS) setFollowing(false)
    },
    onWheel: markUserGesture,
    onTouchMove: markUserGesture,
    onPointerDown: (event) => {
      // The scrollbar itself: a press on the scroll container, not on a row inside it.
      if (event.target === event.currentTarget) markUserGesture()
    },
    onKeyDown: (event) => {
      if (SCROLL_KEYS.has(event.key)) markUserGesture()
    },
  }
}
