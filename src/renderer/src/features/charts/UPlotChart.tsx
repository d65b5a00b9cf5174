import { useEffect, useRef, useState } from 'react'
import type uPlot from 'uplot'
import { useChartColors, type ChartColors } from './chart-colors'
import { loadUplot } from './load-uplot'

/**
 * A chart's options without its size (the container decides that), from the library and the theme.
 * `overlay()` is the latest `overlay` prop, for draw hooks that paint figures outside the aligned
 * data (p50 marks, stalls): read at draw time, so it changes without making the chart again.
 */
export type BuildOptions<Overlay = undefined> = (
  lib: typeof uPlot,
  colors: ChartColors,
  overlay: () => Overlay,
) => Omit<uPlot.Options, 'width' | 'height'>

/**
 * One uPlot chart, fitted to its container's width. The library loads on first use. The chart is
 * made again when its options or the theme change; new data alone is handed to the chart as it is
 * (`setData`), which is what keeps a filling 500 × 4 grid's charts cheap. Callers keep `options`
 * stable (useCallback) and pass a new `data` array only when the figures changed.
 */
export function UPlotChart<Overlay = undefined>({
  label,
  height,
  options,
  data,
  overlay,
}: {
  /** What the chart shows, for screen readers (its table view has the figures). */
  label: string
  height: number
  options: BuildOptions<Overlay>
  data: uPlot.AlignedData
  overlay?: Overlay
}): React.JSX.Element {
  const box = useRef<HTMLDivElement>(null)
  const chart = useRef<uPlot | null>(null)
  const latestData = useRef(data)
  const latestOverlay = useRef(overlay)
  const colors = useChartColors()
  const [lib, setLib] = useState<typeof uPlot | null>(null)
  useEffect(() => {
    let mounted = true
    void loadUplot().then((loaded) => mounted && setLib(() => loaded))
    return () => {
      mounted = false
    }
  }, [])
  useEffect(() => {
    latestData.current = data
    latestOverlay.current = overlay
    chart.current?.setData(data)
  }, [data, overlay])
  useEffect(() => {
    const element = box.current
    if (lib === null || element === null) return
    const width = (): number => Math.max(120, element.clientWidth)
    const read = () => latestOverlay.current as Overlay
    const made = new lib(
      { ...options(lib, colors, read), width: width(), height },
      latestData.current,
      element,
    )
    chart.current = made
    const resize = new ResizeObserver(() => {
      if (made.width !== width()) made.setSize({ width: width(), height })
    })
    resize.observe(element)
    return () => {
      resize.disconnect()
      made.destroy()
      chart.current = null
    }
  }, [lib, options, colors, height])
  return (
    <div ref={box} className="chart-canvas" role="img" aria-label={label} style={{ minHeight: height }}>
      {lib === null && <span className="chart-loading">Loading chart…</span>}
    </div>
  )
}
