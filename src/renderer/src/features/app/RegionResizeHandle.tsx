import { useRef } from 'react'

const KEY_STEP_PX = 24

/**
 * The inner edge of a side region, dragged (or moved with the arrow keys) to resize it; a double
 * click gives the default width back. `side` is where the region is: the right panel grows as the
 * edge moves left.
 */
export function RegionResizeHandle({
  side,
  label,
  regionRef,
  value,
  onResize,
}: {
  side: 'left' | 'right'
  label: string
  /** The region being resized: its laid-out width is where a drag or a key press starts from. */
  regionRef: React.RefObject<HTMLElement | null>
  /** The width chosen so far (null: the default), for assistive technology. */
  value: number | null
  onResize: (width: number | null) => void
}): React.JSX.Element {
  const drag = useRef<{ startX: number; startWidth: number } | null>(null)
  const grow = side === 'right' ? -1 : 1
  const width = (): number => regionRef.current?.getBoundingClientRect().width ?? 0
  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={label}
      aria-valuenow={value ?? undefined}
      aria-valuetext={value === null ? 'default width' : `${value} pixels wide`}
      tabIndex={0}
      title="Drag to resize (double-click: default width)"
      className={`app-resize-handle app-resize-handle-${side}`}
      onPointerDown={(event) => {
        event.preventDefault()
        event.currentTarget.setPointerCapture(event.pointerId)
        drag.current = { startX: event.clientX, startWidth: width() }
      }}
      onPointerMove={(event) => {
        if (drag.current === null) return
        onResize(drag.current.startWidth + grow * (event.clientX - drag.current.startX))
      }}
      onPointerUp={() => {
        drag.current = null
      }}
      onPointerCancel={() => {
        drag.current = null
      }}
      onDoubleClick={() => onResize(null)}
      onKeyDown={(event) => {
        const direction = event.key === 'ArrowLeft' ? -1 : event.key === 'ArrowRight' ? 1 : 0
        if (direction === 0) return
        event.preventDefault()
        onResize(width() + grow * direction * KEY_STEP_PX)
      }}
    />
  )
}
