import { FILTER_CSS } from './report-grid'

/** Light and dark by the reader's system setting; series colours as the app's chart palette. */
export const REPORT_CSS = `
:root { color-scheme: light dark; --bg: #f6f7f9; --raised: #fff; --text: #1c2230; --muted: #5b6475;
  --border: #d8dce3; --grid: #e3e6eb; --pass: #1d7a46; --pass-bg: #e4f5ea; --fail: #c23030; --fail-bg: #fdecec;
  --c0: #2f5fd0; --c1: #d1741f; --c2: #1d8a6e; --c3: #b8438f; --c4: #6b5bd6; --c5: #8a6d00; --c6: #2a9bc4; --c7: #7a4a2a;
  --k0: #5b6b8c; --k1: #1d8a6e; --k2: #8a5ad6; --k3: #2f5fd0; }
@media (prefers-color-scheme: dark) { :root { --bg: #12151b; --raised: #1a1e26; --text: #e4e8ef; --muted: #a3acbd;
  --border: #2b3240; --grid: #252b36; --pass: #6fd59a; --pass-bg: #15301f; --fail: #ff7b7b; --fail-bg: #3a1c1f;
  --c0: #7aa2ff; --c1: #f0a35e; --c2: #56c9a5; --c3: #e07ac0; --c4: #a89bff; --c5: #d9b54a; --c6: #6cc7ea; --c7: #c8946a;
  --k0: #8e9bb8; --k1: #56c9a5; --k2: #b48cff; --k3: #7aa2ff; } }
* { box-sizing: border-box; }
body { margin: 0; padding: 24px; background: var(--bg); color: var(--text);
  font: 13px/1.45 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; }
h1 { font-size: 20px; margin: 0 0 4px; } h2 { font-size: 16px; margin: 28px 0 8px; }
.meta { color: var(--muted); margin: 0 0 16px; }
table { border-collapse: collapse; background: var(--raised); }
th, td { border: 1px solid var(--border); padding: 4px 8px; text-align: left; vertical-align: top; }
.legend { display: flex; flex-wrap: wrap; gap: 4px 16px; padding: 0; list-style: none; }
.legend li::before { content: ''; display: inline-block; width: 10px; height: 10px; margin-right: 6px; background: var(--swatch); }
.charts { display: grid; grid-template-columns: repeat(auto-fill, minmax(420px, 1fr)); gap: 16px; }
.chart { margin: 0; padding: 12px; background: var(--raised); border: 1px solid var(--border); border-radius: 8px; }
.chart figcaption { font-weight: 600; margin-bottom: 6px; }
.chart .note { color: var(--muted); font-size: 12px; margin: 4px 0; }
.chart details { margin-top: 6px; } .chart table { font-size: 12px; margin-top: 6px; }
.plot { width: 100%; height: auto; display: block; }
.plot text { fill: var(--muted); font-size: 11px; } .plot .axis-label { font-size: 11px; }
.plot .grid { stroke: var(--grid); } .plot .axis { stroke: var(--muted); }
.plot .guide { stroke: var(--muted); stroke-dasharray: 4 4; opacity: .6; }
.plot .whisker { stroke: var(--text); stroke-width: 1.5; fill: none; }
.plot .line { fill: none !important; stroke-width: 2; }
.plot .frontier { fill: none; stroke: var(--muted); stroke-dasharray: 6 4; stroke-width: 1.5; }
.plot .review { fill: var(--muted); opacity: .55; }
.plot .fix { fill: var(--pass); } .plot .regression { fill: var(--fail); }
${[0, 1, 2, 3, 4, 5, 6, 7].map((i) => `.t${i} { fill: var(--c${i}); stroke: var(--c${i}); }`).join('\n')}
${[0, 1, 2, 3].map((k) => `.k${k} { fill: var(--k${k}); }`).join('\n')}
.filter { margin: 8px 4px 8px 16px; } .filter:first-child { margin-left: 0; }
.grid-wrap { overflow-x: auto; }
.grid { table-layout: fixed; min-width: 100%; } .grid th:first-child { width: 120px; }
.cell { min-width: 220px; } .cell.pass { background: var(--pass-bg); } .cell.fail { background: var(--fail-bg); }
.verdict { font-weight: 700; } .pass .verdict { color: var(--pass); } .fail .verdict { color: var(--fail); }
.review { font-style: italic; } .reasons { margin: 4px 0; padding-left: 18px; color: var(--fail); }
.output { white-space: pre-wrap; word-break: break-word; max-height: 12em; overflow: auto; margin: 4px 0;
  font: 12px/1.4 ui-monospace, Menlo, Consolas, monospace; }
.clip, .figures { color: var(--muted); font-size: 12px; }
${FILTER_CSS}
`
