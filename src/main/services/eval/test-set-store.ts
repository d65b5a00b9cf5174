import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { testSetSchema, type TestSet } from '@shared/eval'
import type { TestSetSummary } from '@shared/ipc/eval-schemas'
import { UserFacingError } from '../user-facing-error'
import { createJsonDirectoryStore } from '../json-store'
import { fileSafe } from './file-safe-name'

export type TestSetStore = {
  list(): Promise<TestSetSummary[]>
  /** The saved set (throws `not_found`). */
  get(id: string): Promise<TestSet>
  /** Saves under `id`, or under a new id made from the set's name. */
  save(id: string | undefined, set: TestSet): Promise<{ id: string }>
}

/** The workbench's test sets, saved as JSON files in `<userData>/eval-sets/`. */
export async function openTestSetStore(options: { userDataDir: string }): Promise<TestSetStore> {
  const sets = await createJsonDirectoryStore({
    dir: path.join(options.userDataDir, 'eval-sets'),
    schema: testSetSchema,
    summarize: (set: TestSet) => ({ name: set.name, cases: set.cases.length }),
  })
  return {
    async list() {
      return (await sets.summaries()).map(({ id, summary }) => ({ id, ...summary }))
    },
    async get(id) {
      const set = await sets.read(id).catch(() => null)
      if (!set) throw new UserFacingError('not_found', `There is no saved test set ${JSON.stringify(id)}.`)
      return set
    },
    async save(id, set) {
      const fileId = id ?? `${fileSafe(set.name)}-${randomUUID().slice(0, 8)}`
      await sets.write(fileId, set)
      return { id: fileId }
    },
  }
}
