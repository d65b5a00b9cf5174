import { useVirtualizer } from '@tanstack/react-virtual'
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { useAppStore, type AppState } from '@renderer/store'
import { flowSpacers } from '@renderer/features/markdown/flow-spacers'
import {
  adjustScrollUnlessFollowing,
  sharedScrollVirtualizerOptions,
  ScrollContainerContext,
  type ScrollContainer,
} from '@renderer/features/markdown/scroll-container-context'
import { selectMessageIds } from '@renderer/features/chat/chat-selectors'
import { MessageRow } from './MessageRow'

/** Within this many pixels of the end counts as "at the bottom" (sub-pixel layouts, rounding). */
const BOTTOM_SLACK_PX = 48
/** A scroll this soon after a wheel, touch or key press is the user's (not layout or the virtualizer). */
const USER_SCROLL_WINDOW_MS = 800
const SCROLL_KEYS = new Set(['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End', ' '])

/**
 * One pane's transcript, virtualized: only the rows in view (and a few around) are in the DOM, with
 * heights measured as they render, so a conversation of a million tokens costs what a screenful
 * costs (performance.md R3). The view sticks to the bottom while replies stream, unless the user
 * scrolled up to read; then a "Jump to latest" button brings them back.
 *
 * Only a scroll the user made can unstick it: rows growing, the pane resizing and the virtualizer
 * correcting its estimates also move the scroll position, and must not count as "scrolled up".
 */
export function Transcript({ paneId }: { paneId: string }): React.JSX.Element {
  // The messages array changes every frame while a reply streams; the ids do not: compared shallowly.
  const ids = useAppStore(useShallow((state: AppState) => selectMessageIds(state, paneId)))
  const scrollRef = useRef<HTMLDivElement>(null)
  // The same element as state, for the long replies inside that virtualize against it (a ref would be
  // null in their first effects: children commit before their parent's ref is set).
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null)
  const attachScroll = useCallback((element: HTMLDivElement | null) => {
    scrollRef.current = element
    setScrollElement(element)
  }, [])
  const rowsRef = useRef<HTMLDivElement>(null)
  const stick = useRef(true)
  const lastUserGesture = useRef(0)
  const [awayFromBottom, setAwayFromBottom] = useState(false)

  // No React Compiler in this app; the virtualizer re-renders this component when its range changes.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: ids.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 160,
    getItemKey: (index) => ids[index] ?? index,
    overscan: 2,
    paddingStart: 12,
    paddingEnd: 12,
    ...sharedScrollVirtualizerOptions(() => scrollRef.current),
  })
  const followsEnd = useCallback(() => stick.current, [])
  virtualizer.shouldAdjustScrollPositionOnItemSizeChange = adjustScrollUnlessFollowing(followsEnd)

  const scrollToEnd = useCallback(() => {
    const element = scrollRef.current
    if (element) element.scrollTop = element.scrollHeight
  }, [])
  const container = useMemo<ScrollContainer | null>(
    () => (scrollElement === null ? null : { element: scrollElement, followsEnd }),
    [scrollElement, followsEnd],
  )

  // A message added at the end (a send, a regenerate) brings the view back to it.
  const lastId = ids.at(-1)
  useLayoutEffect(() => {
    stick.current = true
    setAwayFromBottom(false)
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
  }, [scrollToEnd, hasRows])

  const markUserGesture = (): void => {
    lastUserGesture.current = performance.now()
  }

  const onScroll = (): void => {
    const element = scrollRef.current
    if (!element) return
    const atBottom = element.scrollHeight - element.scrollTop - element.clientHeight <= BOTTOM_SLACK_PX
    if (atBottom) {
      stick.current = true
      setAwayFromBottom(false)
    } else if (performance.now() - lastUserGesture.current < USER_SCROLL_WINDOW_MS) {
      stick.current = false
      setAwayFromBottom(true)
    }
  }

  const jumpToLatest = (): void => {
    stick.current = true
    setAwayFromBottom(false)
    if (ids.length > 0) virtualizer.scrollToIndex(ids.length - 1, { align: 'end' })
    requestAnimationFrame(scrollToEnd)
  }

  return (
    <div className="transcript">
      <div
        ref={attachScroll}
        className="transcript-scroll"
        onScroll={onScroll}
        onWheel={markUserGesture}
        onTouchMove={markUserGesture}
        onPointerDown={(event) => {
          // The scrollbar itself: a press on the scroll container, not on a row inside it.
          if (event.target === event.currentTarget) markUserGesture()
        }}
        onKeyDown={(event) => {
          if (SCROLL_KEYS.has(event.key)) markUserGesture()
        }}
        tabIndex={-1}
      >
        {ids.length === 0 ? (
          <p className="transcript-empty">No messages yet. Type below and press Send (Ctrl+Enter).</p>
        ) : (
          <ScrollContainerContext value={container}>
            <div
              ref={rowsRef}
              className="transcript-rows"
              // The rows in view flow between two spacers: a row growing as it streams moves the end of
              // the list in the same layout, and the resize observer above keeps that end in view.
              style={flowSpacers(virtualizer)}
            >
              {virtualizer.getVirtualItems().map((item) => {
                const messageId = ids[item.index]
                if (messageId === undefined) return null
                return (
                  <div
                    key={item.key}
                    data-index={item.index}
                    ref={virtualizer.measureElement}
                    className="transcript-row"
                  >
                    <MessageRow paneId={paneId} messageId={messageId} />
                  </div>
                )
              })}
            </div>
          </ScrollContainerContext>
        )}
      </div>
      {awayFromBottom && ids.length > 0 && (
        <button type="button" className="transcript-jump" onClick={jumpToLatest}>
          Jump to latest ↓
        </button>
      )}
    </div>
  )
}
