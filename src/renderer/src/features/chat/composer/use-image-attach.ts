import { useAppStore } from '@renderer/store'
import { selectTextOnlyModel } from '@renderer/features/chat/chat-selectors'
import { selectLabelsHidden } from '@renderer/features/compare/blind-votes'
import { readImageFiles } from './image-attachments'

export type ImageAttach = {
  /** Every pane's model is a vision model. */
  allowed: boolean
  /** Why images cannot be attached now, when they cannot. */
  note: string | undefined
  /** Adds image files to the draft (picked, pasted or dropped); each unreadable one is told. */
  attach(files: File[]): Promise<void>
}

/** Images for the draft, only when every pane's model is a vision model; otherwise why not. */
export function useImageAttach(): ImageAttach {
  const textOnlyModel = useAppStore(selectTextOnlyModel)
  const blind = useAppStore(selectLabelsHidden)
  const allowed = textOnlyModel === null
  const note = allowed
    ? undefined
    : textOnlyModel === ''
      ? 'Pick a model to attach images.'
      : // Blind mode: naming the model would say that one of the panes uses it.
        `${blind ? "A pane's model" : textOnlyModel} is text-only: images need a vision model.`
  const attach = async (files: File[]): Promise<void> => {
    if (files.length === 0) return
    const store = useAppStore.getState()
    if (!allowed) {
      store.notify('warning', note ?? 'Images need a vision model.')
      return
    }
    const { images, problems } = await readImageFiles(files)
    if (images.length > 0) store.addDraftImages(images)
    for (const problem of problems) store.notify('error', problem)
  }
  return { allowed, note, attach }
}
