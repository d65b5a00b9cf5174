import type uPlot from 'uplot'

let loading: Promise<typeof uPlot> | undefined

/** uPlot, fetched once on first use; every chart waits on the same promise. */
export function loadUplot(): Promise<typeof uPlot> {
  loading ??= import('./uplot-module').then((module) => module.default)
  return loading
}
