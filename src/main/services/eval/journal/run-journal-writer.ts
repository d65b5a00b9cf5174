import { closeSync, fstatSync, fsyncSync, ftruncateSync, openSync, readSync, writeSync } from 'node:fs'
import { EvalInputError } from '@shared/eval/eval-input-error'
import {
  journalCellLine,
  journalHeadLine,
  journalReviewLine,
  journalStatusLine,
} from '@shared/eval/run/run-journal'
import type { CellResult, EvalRunHead } from '@shared/eval/run/eval-run-types'
import type { CellReview } from '@shared/eval/run/cell-review'
import { HAS_POSIX_MODES, PRIVATE_FILE_MODE } from '../../json-store/private-modes'

export type RunJournalWriter = {
  readonly file: string
  record(cell: CellResult): void
  review(caseId: string, targetId: string, review: CellReview | null): void
  /** A status change; synced to disk, as the end of a session is. */
  status(status: EvalRunHead['status'], at: number): void
  /** Syncs and closes the file; later writes throw. */
  close(): void
}

/**
 * Appends with synchronous writes: once `record` returns, the cell is in the kernel's hands, so a
 * process killed at any later moment (SIGKILL, a crash) has it on disk and a resume never runs it
 * again. Syncing to the platter is left to status changes and close: a lost power supply may cost
 * the last cells, which a resume then runs again; it never costs a record's integrity, since a
 * reader ignores an unterminated last line.
 */
function writer(file: string, fd: number): RunJournalWriter {
  let open = true
  const append = (text: string): void => {
    if (!open) throw new Error(`The journal ${file} is closed.`)
    writeAll(fd, text)
  }
  return {
    file,
    record: (cell) => append(journalCellLine(cell)),
    review: (caseId, targetId, review) => append(journalReviewLine(caseId, targetId, review)),
    status(status, at) {
      append(journalStatusLine(status, at))
      fsyncSync(fd)
    },
    close() {
      if (!open) return
      open = false
      try {
        fsyncSync(fd)
      } finally {
        closeSync(fd)
      }
    },
  }
}

/** Starts the journal of a new run: refuses a file that exists (it would mix two runs). */
export function createRunJournal(file: string, head: EvalRunHead): RunJournalWriter {
  const fd = openSync(file, 'wx', HAS_POSIX_MODES ? PRIVATE_FILE_MODE : undefined)
  try {
    writeAll(fd, journalHeadLine(head))
    fsyncSync(fd)
  } catch (error) {
    closeSync(fd)
    throw error
  }
  return writer(file, fd)
}

function writeAll(fd: number, text: string): void {
  const bytes = Buffer.from(text, 'utf8')
  for (let written = 0; written < bytes.length;)
    written += writeSync(fd, bytes, written, bytes.length - written)
}

/**
 * Opens a journal to go on with it: a line a crash left unfinished is cut off first, so the next
 * record starts on a line of its own. Throws EvalInputError when not even the head is whole.
 */
export function reopenRunJournal(file: string): RunJournalWriter {
  const fd = openSync(file, 'r+')
  try {
    const end = lastLineEnd(fd)
    if (end === 0) throw new EvalInputError(`${file}: the journal has no complete head line`)
    if (end < fstatSync(fd).size) ftruncateSync(fd, end)
  } catch (error) {
    closeSync(fd)
    throw error
  }
  // Appends go after the last whole line: 'r+' writes at a position, so reopen for appending.
  closeSync(fd)
  return writer(file, openSync(file, 'a'))
}

/** The byte offset just after the file's last newline (0 when it has none), read from the end. */
function lastLineEnd(fd: number): number {
  const size = fstatSync(fd).size
  const chunk = Buffer.alloc(64 * 1024)
  for (let end = size; end > 0;) {
    const start = Math.max(0, end - chunk.length)
    const read = readSync(fd, chunk, 0, end - start, start)
    const at = chunk.subarray(0, read).lastIndexOf(10)
    if (at >= 0) return start + at + 1
    end = start
  }
  return 0
}
