import type { Slice } from '@renderer/store/slice'
import { createChatCaseActions, type ChatCaseActions } from './chat-case-actions'
import { createEvaluationActions, type EvaluationActions } from './evaluation-actions'
import { createLiveRunActions, type LiveRunActions } from './live-run-actions'
import { createSavedActions, type SavedActions } from './saved-actions'
import { createSetActions, type SetActions } from './set-actions'
import { createTargetActions, type TargetActions } from './target-actions'
import { initialWorkbenchState, type WorkbenchState } from './workbench-state'

export type WorkbenchSlice = WorkbenchState &
  SetActions &
  TargetActions &
  EvaluationActions &
  LiveRunActions &
  SavedActions &
  ChatCaseActions & {
    setWorkbenchOpen(open: boolean): void
  }

/** The evaluation workbench: the set being edited, its targets, the run shown, what main has saved. */
export const createWorkbenchSlice: Slice<WorkbenchSlice> = (set, get, store) => ({
  ...initialWorkbenchState,
  setWorkbenchOpen: (workbenchOpen) => set({ workbenchOpen }),
  ...createSetActions(set, get, store),
  ...createTargetActions(set, get, store),
  ...createEvaluationActions(set, get, store),
  ...createLiveRunActions(set, get, store),
  ...createSavedActions(set, get, store),
  ...createChatCaseActions(set, get, store),
})
