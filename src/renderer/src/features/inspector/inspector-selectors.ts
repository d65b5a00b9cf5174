import type { StoredMessage } from '@shared/history/conversation'
import type { AppState } from '@renderer/store'
import type { LiveRun } from '@renderer/features/chat/runs/live-run'

export type InspectedReply = {
  paneIndex: number
  paneId: string
  message: StoredMessage & { role: 'assistant' }
  run: LiveRun | undefined
  /** True when following the latest reply (nothing picked with "Inspect"). */
  latest: boolean
}

/**
 * The reply the inspector shows: the one picked with "Inspect", else the latest reply of the focused
 * pane. Message ids repeat across panes after a fork, so the focused pane is searched first.
 */
export function selectInspectedReply(state: AppState): InspectedReply | undefined {
  const { conversation, focusedPaneId, inspectedMessageId } = state
  const order = [...conversation.panes].sort(
    (a, b) => Number(b.id === focusedPaneId) - Number(a.id === focusedPaneId),
  )
  const found = (paneId: string, message: StoredMessage, latest: boolean): InspectedReply | undefined => {
    if (message.role !== 'assistant') return undefined
    const runId = state.runByMessage[message.id]
    const run = runId === undefined ? undefined : state.runs[runId]
    return {
      paneIndex: conversation.panes.findIndex((p) => p.id === paneId),
      paneId,
      message,
      run: run !== undefined && run.paneId === paneId ? run : undefined,
      latest,
    }
  }
  if (inspectedMessageId !== null) {
    for (const pane of order) {
      const message = pane.messages.find((m) => m.id === inspectedMessageId)
      if (message) return found(pane.id, message, false)
    }
  }
  for (const pane of order) {
    for (let i = pane.messages.length - 1; i >= 0; i--) {
      const message = pane.messages[i]
      if (message?.role === 'assistant') return found(pane.id, message, true)
    }
  }
  return undefined
}

/** A JSON body pretty-printed, or as it is when it is not JSON. */
export function prettyBody(body: string | undefined): string {
  if (body === undefined || body === '') return '(no body)'
  try {
    return JSON.stringify(JSON.parse(body), null, 2)
  } catch {
    return body
  }
}
