import type { Virtualizer } from '@tanstack/react-virtual'

/**
 * Padding above and below the items a virtualizer renders, for lists whose rendered items flow one
 * after another (not each placed at its measured offset): the padding stands in for the items out of
 * the DOM. In flow, an item growing as it streams moves what follows in the same layout; placed items
 * overlapped for a frame until the next render. Offsets are the virtualizer's, less its scroll margin
 * (where the list starts inside the scrolled content).
 */
export function flowSpacers<S extends Element, I extends Element>(
  virtualizer: Virtualizer<S, I>,
): { paddingTop: number; paddingBottom: number } {
  const items = virtualizer.getVirtualItems()
  const total = virtualizer.getTotalSize()
  const margin = virtualizer.options.scrollMargin
  const first = items[0]
  const last = items.at(-1)
  if (first === undefined || last === undefined) return { paddingTop: 0, paddingBottom: total }
  return { paddingTop: first.start - margin, paddingBottom: Math.max(0, total - (last.end - margin)) }
}
