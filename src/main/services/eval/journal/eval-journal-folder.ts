import { mkdir, readdir, rm } from 'node:fs/promises'
import path from 'node:path'
import type { EvalRun } from '@shared/eval/run/eval-run-types'
import { isValidDocumentId } from '../../json-store'
import { HAS_POSIX_MODES, PRIVATE_DIR_MODE } from '../../json-store/private-modes'
import type { Logger } from '../../log/logger'
import { readRunJournal } from './run-journal-reader'

const SUFFIX = '.jsonl'

export type EvalJournalFolder = {
  /** Where the journal of run `id` is written while it runs. */
  pathOf(id: string): string
  /**
   * Journals a crash left behind (the app quit or died mid-run), each saved as a stopped run so it
   * can be resumed, then removed. Returns the ids recovered.
   */
  recover(save: (run: EvalRun) => Promise<void>): Promise<string[]>
}

/** `<userData>/eval-journals/`: the journals of runs under way; a run's journal is gone once it is saved. */
export async function openEvalJournalFolder(options: {
  userDataDir: string
  logger: Logger
}): Promise<EvalJournalFolder> {
  const dir = path.join(options.userDataDir, 'eval-journals')
  await mkdir(dir, { recursive: true, ...(HAS_POSIX_MODES ? { mode: PRIVATE_DIR_MODE } : {}) })
  return {
    pathOf(id) {
      if (!isValidDocumentId(id)) throw new Error(`Invalid run id ${JSON.stringify(id)}`)
      return path.join(dir, `${id}${SUFFIX}`)
    },
    async recover(save) {
      const recovered: string[] = []
      for (const name of await readdir(dir)) {
        if (!name.endsWith(SUFFIX)) continue
        const file = path.join(dir, name)
        try {
          const run = await readRunJournal(file)
          if (run.status === 'running') run.status = 'stopped'
          await save(run)
          await rm(file, { force: true })
          recovered.push(run.id)
        } catch (error) {
          // Kept where it is for a person to look at; the app goes on without it.
          options.logger.warn(
            `An interrupted run could not be recovered from ${name}: ${(error as Error).message}`,
          )
        }
      }
      return recovered
    },
  }
}
