type DiffPart = { kind: 'same' | 'removed' | 'added'; text: string }

/** Beyond this many tokens × tokens the LCS table is too big to build on a keypress: all is listed as changed. */
const MAX_CELLS = 4_000_000

/**
 * Diff of two token sequences (longest common subsequence). Hand-written because the app has no diff
 * dependency and what it compares is small (two grid cells, two panes' replies); the table is bounded
 * so a pathological pair cannot freeze the renderer (then every token is shown removed/added).
 */
function diffTokens(a: readonly string[], b: readonly string[]): DiffPart[] {
  if (a.length * b.length > MAX_CELLS) {
    return [
      ...a.map((text): DiffPart => ({ kind: 'removed', text })),
      ...b.map((text): DiffPart => ({ kind: 'added', text })),
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
  const out: DiffPart[] = []
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

/** Line diff of two outputs: one part per line. */
export function diffLines(before: string, after: string): DiffPart[] {
  return diffTokens(before.split('\n'), after.split('\n'))
}

/**
 * Word diff of two replies: words and the white space between them are the tokens, and neighbouring
 * parts of one kind are merged, so the parts joined give back each text exactly.
 */
export function diffWords(before: string, after: string): DiffPart[] {
  const words = (text: string): string[] => text.split(/(\s+)/).filter((token) => token !== '')
  const merged: DiffPart[] = []
  for (const part of diffTokens(words(before), words(after))) {
    const last = merged.at(-1)
    if (last?.kind === part.kind) last.text += part.text
    else merged.push({ ...part })
  }
  return merged
}
