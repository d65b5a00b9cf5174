import type { GraderSpec } from '@shared/eval/grader-spec'
import type { TestCase } from '@shared/eval/test-set-schema'
import type { Slice } from '@renderer/store/slice'
import { setToDraft, type WorkbenchDraft } from '@renderer/features/workbench/workbench-set'
import { initialWorkbenchState } from './workbench-state'

/** The test set being edited: its prompt, cases and graders, typed, imported or read from a file. */
export type SetActions = {
  updateDraft(patch: Partial<WorkbenchDraft>): void
  setCases(cases: TestCase[]): void
  setSetGraders(graders: GraderSpec[]): void
  /** Imports CSV or JSONL (by file name) replacing the cases; rejects with an EvalInputError naming the line. */
  importCasesText(text: string, fileName: string): Promise<void>
  /**
   * A set file (JSON or YAML) or a promptfoo config from disk becomes the draft; rejects with an
   * EvalInputError naming where.
   */
  openSetFile(text: string, fileName: string): Promise<void>
  /**
   * An empty set: no prompt, cases or graders of the one before, and no run or comparison of it (its
   * runs stay saved). The targets stay: they are where sets run, not part of one.
   */
  newSet(): void
}

export const createSetActions: Slice<SetActions> = (set, get) => ({
  updateDraft: (patch) => set((state) => ({ wbDraft: { ...state.wbDraft, ...patch } })),
  setCases: (cases) => get().updateDraft({ cases }),
  setSetGraders: (graders) => get().updateDraft({ graders }),
  async importCasesText(text, fileName) {
    // CSV and YAML readers load with the first import, not with the app (performance.md R5).
    const { importCases } = await import('@shared/eval/import-cases')
    const { cases } = importCases(text, fileName)
    get().updateDraft({ cases })
  },
  async openSetFile(text, fileName) {
    const [{ parseTestSetFile }, promptfoo] = await Promise.all([
      import('@shared/eval/test-set-file'),
      import('@shared/eval/promptfoo/read-promptfoo-config'),
    ])
    const opened = promptfoo.isPromptfooConfig(text, fileName)
      ? promptfoo.promptfooConfigAsSet(text, fileName)
      : parseTestSetFile(text, fileName)
    set({ wbDraft: setToDraft(opened), wbSetId: undefined, wbError: undefined, wbPrevious: null })
  },
  newSet: () =>
    set({
      wbDraft: initialWorkbenchState.wbDraft,
      wbSetId: undefined,
      wbRun: null,
      wbPrevious: null,
      wbError: undefined,
    }),
})
