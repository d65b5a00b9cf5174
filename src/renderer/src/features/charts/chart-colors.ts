import { useEffect, useState } from 'react'

/** The theme's colours as charts need them: canvas cannot read CSS variables, so they are read here. */
export type ChartColors = {
  text: string
  muted: string
  faint: string
  grid: string
  border: string
  raised: string
  pass: string
  fail: string
  passSoft: string
  failSoft: string
  warning: string
  /** One per series (targets, panes), repeating past eight. */
  series: string[]
  kinds: { input: string; cacheRead: string; reasoning: string; output: string }
}

function readColors(): ChartColors {
  const style = getComputedStyle(document.documentElement)
  const v = (name: string) => style.getPropertyValue(name).trim()
  return {
    text: v('--text'),
    muted: v('--text-muted'),
    faint: v('--text-faint'),
    grid: v('--chart-grid'),
    border: v('--border'),
    raised: v('--bg-raised'),
    pass: v('--success'),
    fail: v('--danger'),
    passSoft: v('--success-soft'),
    failSoft: v('--danger-soft'),
    warning: v('--warning'),
    series: [1, 2, 3, 4, 5, 6, 7, 8].map((i) => v(`--chart-${i}`)),
    kinds: {
      input: v('--chart-input'),
      cacheRead: v('--chart-cache'),
      reasoning: v('--chart-reasoning'),
      output: v('--chart-output'),
    },
  }
}

export function seriesColor(colors: ChartColors, index: number): string {
  return colors.series[index % colors.series.length] ?? colors.text
}

/** The chart colours of the theme shown, read again whenever `<html data-theme>` changes. */
export function useChartColors(): ChartColors {
  const [colors, setColors] = useState(readColors)
  useEffect(() => {
    const observer = new MutationObserver(() => setColors(readColors()))
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] })
    return () => observer.disconnect()
  }, [])
  return colors
}
