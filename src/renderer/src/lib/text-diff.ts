export type DiffLine = { kind: 'same' | 'removed' | 'added'; text: string }

/** Beyond this many lines × lines the LCS table is too big to build on a keypress: lines are listed as changed. */
const MAX_CELLS = 4_000_000

/**
 * Line diff of two outputs (longest common subsequence). Hand-written because the app has no diff
 * dependency and a grid cell's two outputs are small; the table is bounded so a pathological pair
 * cannot freeze the renderer (then every line is shown removed/added).
 */
export function diffLines(before: string, after: string): DiffLine[] {
  const a = before.split('\n')
  const b = after.split('\n')
  if (a.length * b.length > MAX_CELLS) {
    return [
      ...a.map((text): DiffLine => ({ kind: 'removed', text })),
      ...b.map((text): DiffLine => ({ kind: 'added', text })),
    ]
  }
  const width = b.length + 1
  const lcs = new Uint32Array((a.length + 1) * width)
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i * width + j] =
        a[i] === b[j]
          ? (lcs[(i + 1) * width + j + 1] as number) + 1
          : Math.max(lcs[(i + 1) * width + j] as number, lcs[i * width + j + 1] as number)
    }
  }
  const out: DiffLine[] = []
  let i = 0
  let j = 0
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      out.push({ kind: 'same', text: a[i] as string })
      i++
      j++
    } else if ((lcs[(i + 1) * width + j] as number) >= (lcs[i * width + j + 1] as number)) {
      out.push({ kind: 'removed', text: a[i++] as string })
    } else {
      out.push({ kind: 'added', text: b[j++] as string })
    }
  }
  while (i < a.length) out.push({ kind: 'removed', text: a[i++] as string })
  while (j < b.length) out.push({ kind: 'added', text: b[j++] as string })
  return out
}
