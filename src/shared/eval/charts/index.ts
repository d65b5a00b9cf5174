/**
 * The figures behind the workbench's charts and the HTML report's, computed once from a run: the app
 * draws them with uPlot, the report as static SVG.
 */
export * from './changes-chart'
export * from './latency-chart'
export * from './pass-rate-chart'
export * from './points-chart'
export * from './run-cells'
export * from './set-trend-chart'
export * from './target-name'
export * from './token-mix-chart'
