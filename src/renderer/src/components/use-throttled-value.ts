import { useEffect, useRef, useState } from 'react'

/**
 * The value, but changed at most once per `intervalMs` (the latest one wins; `settled` shows the
 * latest at once). Totals over a large run's cells are not free: recomputing them on every frame of
 * a filling grid would spend the frame budget on figures nobody reads that often.
 */
export function useThrottledValue<T>(value: T, intervalMs: number, settled: boolean): T {
  const [shown, setShown] = useState(value)
  const lastShownAt = useRef(0)
  useEffect(() => {
    // Settled: the value itself is returned below; nothing to schedule.
    if (settled) return
    const wait = lastShownAt.current + intervalMs - performance.now()
    const timer = setTimeout(
      () => {
        lastShownAt.current = performance.now()
        setShown(value)
      },
      Math.max(0, wait),
    )
    return () => clearTimeout(timer)
  }, [value, intervalMs, settled])
  return settled ? value : shown
}
