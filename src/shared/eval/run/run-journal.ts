import { z } from 'zod'
import { EvalInputError, inputErrorFromZod } from '../eval-input-error'
import { cellReviewSchema, type CellReview } from './cell-review'
import { cellResultSchema, evalRunSchema, type CellResult, type EvalRunHead } from './eval-run-types'

/**
 * The run journal: a run written as it happens, one JSON record a line, so a run of any size never
 * has to be held whole and a crash loses only the cells in flight. The first line is the run's head;
 * then, in the order they happened, finished cells, reviews and status changes. Only lines ended by a
 * newline count: what follows the last one is a write a crash cut short. The readers and writers
 * with I/O are in src/main/services/eval/journal/.
 */
const RUN_JOURNAL_FORMAT = 'model-gateway-eval-journal'

const headRecordSchema = z.strictObject({
  journal: z.literal(RUN_JOURNAL_FORMAT),
  version: z.literal(1),
  run: evalRunSchema.omit({ cells: true }),
})
const cellRecordSchema = z.strictObject({ cell: cellResultSchema })
const reviewRecordSchema = z.strictObject({
  review: z.strictObject({
    caseId: z.string(),
    targetId: z.string(),
    /** null: the review was taken back. */
    review: cellReviewSchema.nullable(),
  }),
})
/** `running` is written when a stopped run is resumed; the last status written is the run's. */
const statusRecordSchema = z.strictObject({
  status: z.enum(['running', 'stopped', 'finished']),
  at: z.number(),
})

type JournalRecord =
  | { kind: 'cell'; cell: CellResult }
  | { kind: 'review'; caseId: string; targetId: string; review: CellReview | null }
  | { kind: 'status'; status: EvalRunHead['status']; at: number }

export function journalHeadLine(head: EvalRunHead): string {
  return `${JSON.stringify({ journal: RUN_JOURNAL_FORMAT, version: 1, run: head })}\n`
}

export function journalCellLine(cell: CellResult): string {
  return `${JSON.stringify({ cell })}\n`
}

export function journalReviewLine(caseId: string, targetId: string, review: CellReview | null): string {
  return `${JSON.stringify({ review: { caseId, targetId, review } })}\n`
}

export function journalStatusLine(status: EvalRunHead['status'], at: number): string {
  return `${JSON.stringify({ status, at })}\n`
}

function parseLine(line: string, where: string): unknown {
  try {
    return JSON.parse(line)
  } catch (error) {
    throw new EvalInputError(
      `${where}: not a JSON record (${error instanceof Error ? error.message : String(error)})`,
    )
  }
}

/** The head of a journal from its first line; throws EvalInputError naming the file. */
export function parseJournalHead(line: string, source: string): EvalRunHead {
  const data = parseLine(line, `${source}, line 1`)
  if ((data as { journal?: unknown } | null)?.journal !== RUN_JOURNAL_FORMAT)
    throw new EvalInputError(`${source}: not a run journal (its first line is not a journal head)`)
  const parsed = headRecordSchema.safeParse(data)
  if (!parsed.success) throw inputErrorFromZod(source, parsed.error, { line: 1 })
  return parsed.data.run
}

/** One record after the head; throws EvalInputError naming the line. */
export function parseJournalRecord(line: string, source: string, lineNumber: number): JournalRecord {
  const where = `${source}, line ${lineNumber}`
  const data = parseLine(line, where)
  if (typeof data === 'object' && data !== null) {
    if ('cell' in data) {
      const parsed = cellRecordSchema.safeParse(data)
      if (parsed.success) return { kind: 'cell', cell: parsed.data.cell }
      throw inputErrorFromZod(source, parsed.error, { line: lineNumber })
    }
    if ('review' in data) {
      const parsed = reviewRecordSchema.safeParse(data)
      if (parsed.success) return { kind: 'review', ...parsed.data.review }
      throw inputErrorFromZod(source, parsed.error, { line: lineNumber })
    }
    const parsed = statusRecordSchema.safeParse(data)
    if (parsed.success) return { kind: 'status', ...parsed.data }
  }
  throw new EvalInputError(`${where}: not a cell, review or status record`)
}
