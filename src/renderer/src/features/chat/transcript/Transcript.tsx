import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual'
import { useCallback, useMemo, useRef, useState } from 'react'
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
import { useFollowEnd } from './use-follow-end'

/**
 * One pane's transcript, virtualized: only the rows in view (and a few around) are in the DOM, with
 * heights measured as they render, so a conversation of a million tokens costs what a screenful
 * costs (performance.md R3). The view sticks to the bottom while replies stream, unless the user
 * scrolled up to read; then a "Jump to latest" button brings them back (use-follow-end.ts).
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
  const follow = useFollowEnd(scrollRef, ids, virtualizer)
  const { followsEnd } = follow
  virtualizer.shouldAdjustScrollPositionOnItemSizeChange = adjustScrollUnlessFollowing(followsEnd)
  const container = useMemo<ScrollContainer | null>(
    () => (scrollElement === null ? null : { element: scrollElement, followsEnd }),
    [scrollElement, followsEnd],
  )

  return (
    <div className="transcript">
      <div ref={attachScroll} className="transcript-scroll" {...follow.scrollHandlers} tabIndex={-1}>
        {ids.length === 0 ? (
          <p className="transcript-empty">No messages yet. Type below and press Send (Ctrl+Enter).</p>
        ) : (
          <ScrollContainerContext value={container}>
            <TranscriptRows paneId={paneId} ids={ids} virtualizer={virtualizer} rowsRef={follow.rowsRef} />
          </ScrollContainerContext>
        )}
      </div>
      {follow.awayFromBottom && ids.length > 0 && (
        <button type="button" className="transcript-jump" onClick={follow.jumpToLatest}>
          Jump to latest ↓
        </button>
      )}
    </div>
  )
}

/** The rows in view, each measured by the virtualizer as it renders. */
function TranscriptRows({
  paneId,
  ids,
  virtualizer,
  rowsRef,
}: {
  paneId: string
  ids: readonly string[]
  virtualizer: Virtualizer<HTMLDivElement, Element>
  rowsRef: React.RefObject<HTMLDivElement | null>
}): React.JSX.Element {
  return (
    <div
      ref={rowsRef}
      className="transcript-rows"
      // The rows in view flow between two spacers: a row growing as it streams moves the end of the
      // list in the same layout, and the resize observer of use-follow-end.ts keeps that end in view.
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
  )
}
