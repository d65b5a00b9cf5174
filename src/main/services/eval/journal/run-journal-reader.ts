import { open } from 'node:fs/promises'
import { EvalInputError } from '@shared/eval/eval-input-error'
import type { CellReview } from '@shared/eval/run/cell-review'
import { cellKey, type CellResult, type EvalRun, type EvalRunHead } from '@shared/eval/run/eval-run-types'
import { parseJournalHead, parseJournalRecord } from '@shared/eval/run/run-journal'

/** Where a cell's record is in the file, and its verdict (what a resume needs without reading it). */
type CellEntry = { offset: number; length: number; caseId: string; targetId: string; passed: boolean }

/** A journal read once: its head and where each cell is, never the cells themselves. */
export type JournalIndex = {
  file: string
  /** The head, with the status (and end) of the last status record. */
  head: EvalRunHead
  /** By cellKey; a later record for the same cell wins. */
  cells: Map<string, CellEntry>
  /** The last review of each reviewed cell (null: taken back). */
  reviews: Map<string, CellReview | null>
  /** The file ends in a record a crash cut short (ignored; cut off when the journal is reopened). */
  cutShort: boolean
}

type Line = { text: string; offset: number; length: number; number: number }

const CHUNK_BYTES = 1024 * 1024

/** Calls `onLine` for each newline-ended line with its byte range; says whether text followed the last one. */
async function scanLines(file: string, onLine: (line: Line) => void): Promise<{ cutShort: boolean }> {
  const handle = await open(file, 'r')
  try {
    const chunk = Buffer.alloc(CHUNK_BYTES)
    let carry = Buffer.alloc(0)
    let carryOffset = 0
    let number = 0
    for (;;) {
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, null)
      if (bytesRead === 0) break
      const data =
        carry.length === 0
          ? chunk.subarray(0, bytesRead)
          : Buffer.concat([carry, chunk.subarray(0, bytesRead)])
      let start = 0
      for (let end = data.indexOf(10); end !== -1; end = data.indexOf(10, start)) {
        onLine({
          text: data.toString('utf8', start, end),
          offset: carryOffset + start,
          length: end - start,
          number: ++number,
        })
        start = end + 1
      }
      carryOffset += start
      // A copy: `chunk` is read into again.
      carry = Buffer.from(data.subarray(start))
    }
    return { cutShort: carry.length > 0 }
  } finally {
    await handle.close()
  }
}

/** Reads a journal through once, validating every record; throws EvalInputError naming a bad line. */
export async function indexRunJournal(file: string): Promise<JournalIndex> {
  let head: EvalRunHead | undefined
  const cells = new Map<string, CellEntry>()
  const reviews = new Map<string, CellReview | null>()
  let status: { status: EvalRunHead['status']; at: number } | undefined
  const { cutShort } = await scanLines(file, (line) => {
    if (line.number === 1) {
      head = parseJournalHead(line.text, file)
      return
    }
    const record = parseJournalRecord(line.text, file, line.number)
    if (record.kind === 'cell') {
      const { caseId, targetId, passed } = record.cell
      cells.set(cellKey(caseId, targetId), {
        offset: line.offset,
        length: line.length,
        caseId,
        targetId,
        passed,
      })
    } else if (record.kind === 'review') reviews.set(cellKey(record.caseId, record.targetId), record.review)
    else status = record
  })
  if (head === undefined) throw new EvalInputError(`${file}: the journal has no complete head line`)
  const finished = { ...head }
  if (status !== undefined) finished.status = status.status
  if (status?.status === 'finished') finished.finishedAt = status.at
  else delete finished.finishedAt
  return { file, head: finished, cells, reviews, cutShort }
}

/**
 * The journal's cells in the run's order (case by case, each target; or one target's only), reviews
 * applied, read one at a time: however large the run, one cell is in memory at once.
 */
export async function* journalCells(
  index: JournalIndex,
  targetId?: string,
): AsyncGenerator<CellResult, void, undefined> {
  const targets = index.head.targets.filter((t) => targetId === undefined || t.id === targetId)
  const handle = await open(index.file, 'r')
  try {
    for (const caseId of index.head.caseIds) {
      for (const target of targets) {
        const key = cellKey(caseId, target.id)
        const entry = index.cells.get(key)
        if (entry === undefined) continue
        const bytes = Buffer.alloc(entry.length)
        await handle.read(bytes, 0, entry.length, entry.offset)
        // Validated when the index was built.
        const cell = (JSON.parse(bytes.toString('utf8')) as { cell: CellResult }).cell
        const review = index.reviews.get(key)
        if (review === null) delete cell.review
        else if (review !== undefined) cell.review = review
        yield cell
      }
    }
  } finally {
    await handle.close()
  }
}

/** A whole run from its journal, in memory (the app's saved form; the CLI streams instead). */
export async function readRunJournal(file: string): Promise<EvalRun> {
  const index = await indexRunJournal(file)
  const cells: CellResult[] = []
  for await (const cell of journalCells(index)) cells.push(cell)
  return { ...index.head, cells }
}
