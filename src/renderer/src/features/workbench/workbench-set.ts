import type { GraderSpec } from '@shared/eval/grader-spec'
import { findRequestVariables } from '@shared/templates/template'
import {
  TEST_SET_FORMAT,
  TEST_SET_VERSION,
  type ParamPreset,
  type TestCase,
  type TestSet,
} from '@shared/eval/test-set-schema'

/** What the workbench edits: a prompt with `{{variables}}`, its cases and the set's graders. */
export type WorkbenchDraft = {
  name: string
  /** The set file's description, kept as it came (the workbench does not edit it). */
  description?: string
  system: string
  user: string
  params: ParamPreset
  graders: GraderSpec[]
  cases: TestCase[]
}

/** The variables of the draft's prompt, in order of first use (detected as the user types). */
export function draftVariables(draft: Pick<WorkbenchDraft, 'system' | 'user'>): string[] {
  return findRequestVariables({
    system: draft.system,
    messages: [{ role: 'user', content: [{ type: 'text', text: draft.user }] }],
  })
}

/** The draft as a test-set file (the same format the CLI runs, so both give the same verdicts). */
export function draftToSet(draft: WorkbenchDraft): TestSet {
  const set: TestSet = {
    format: TEST_SET_FORMAT,
    version: TEST_SET_VERSION,
    name: draft.name.trim() || 'untitled',
    ...(draft.description === undefined ? {} : { description: draft.description }),
    prompt: {
      messages: [{ role: 'user', content: draft.user }],
      ...(draft.system.trim() === '' ? {} : { system: draft.system }),
      ...(Object.keys(draft.params).length === 0 ? {} : { params: draft.params }),
    },
    cases: draft.cases,
  }
  if (draft.graders.length > 0) set.graders = draft.graders
  return set
}

/** A loaded set file as a draft: its first user message is the editable prompt. */
export function setToDraft(set: TestSet): WorkbenchDraft {
  const user = set.prompt?.messages.find((message) => message.role === 'user')?.content ?? ''
  return {
    name: set.name,
    ...(set.description === undefined ? {} : { description: set.description }),
    system: set.prompt?.system ?? '',
    user,
    params: set.prompt?.params ?? {},
    graders: set.graders ?? [],
    cases: set.cases,
  }
}
