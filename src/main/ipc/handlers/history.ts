import type { Conversation } from '@shared/history/conversation'
import type { HistoryService } from '../../services/history/history-service'
import type { EventSink, HandlersFor } from '../dispatch'

/**
 * Saved conversations. Keys in conversations (a key pasted into a prompt) are redacted on every way in
 * and out, so history files and exports never hold one.
 */
export function createHistoryHandlers(deps: {
  history: HistoryService
  emit: EventSink
  /** Replaces every known key in the strings of a value (key-only: "Bearer" alone stays as written). */
  withoutKeys: <T>(value: T) => T
  /** A conversation was opened, as the renderer gets it (so a send from it can be prepared for). */
  onOpened?: (conversation: Conversation) => void
}): HandlersFor<'history'> {
  const { history, emit, withoutKeys } = deps
  return {
    'history:list': async () => history.list(),
    'history:get': async ({ id }) => {
      const conversation = withoutKeys(await history.get(id))
      deps.onOpened?.(conversation)
      return conversation
    },
    'history:save': async (conversation) => {
      const result = await history.save(withoutKeys(conversation))
      emit('history:changed', undefined)
      return result
    },
    'history:append': async (change) => {
      const result = await history.append(withoutKeys(change))
      emit('history:changed', undefined)
      return result
    },
    'history:rename': async ({ id, title }) => {
      await history.rename(id, title)
      emit('history:changed', undefined)
    },
    'history:delete': async ({ id }) => {
      await history.remove(id)
      emit('history:changed', undefined)
    },
    'history:export': async ({ id }) => withoutKeys(await history.exportJson(id)),
    'history:import': async ({ json }) => {
      const conversation = await history.importJson(withoutKeys(json))
      emit('history:changed', undefined)
      return conversation
    },
  }
}
