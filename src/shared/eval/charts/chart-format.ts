import type { RateWithInterval } from './pass-rate-chart'

/** 0.834 → `83.4%`: how charts, their tables and the report write a rate. */
export function formatPercent(rate: number): string {
  return `${(Math.round(rate * 1000) / 10).toString()}%`
}

/** `61.2%–79.0%`. */
export function formatInterval(rate: Pick<RateWithInterval, 'low' | 'high'>): string {
  return `${formatPercent(rate.low)}–${formatPercent(rate.high)}`
}
