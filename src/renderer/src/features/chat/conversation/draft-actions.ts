import type { ImagePart } from '@shared/chat/chat-request'
import type { Slice } from '@renderer/store/slice'
import { isLargeText } from '@renderer/features/chat/composer/large-text'

/** The composer's draft: its text, pasted blocks and images, until a send takes it. */
export type DraftActions = {
  /** The textarea's text; a large value (a paste, a drop, set by code) becomes a pasted block instead. */
  setDraftText(text: string): void
  /** A large text as a collapsed block of the draft (the textarea keeps what was typed). */
  addPastedText(text: string): void
  removePastedText(index: number): void
  addDraftImages(images: ImagePart[]): void
  removeDraftImage(index: number): void
  clearDraft(): void
}

export const createDraftActions: Slice<DraftActions> = (set) => ({
  setDraftText(text) {
    if (isLargeText(text)) {
      // Which part of the new value was pasted is unknown here: all of it becomes the block.
      set((state) => ({
        composer: { ...state.composer, text: '', pasted: [...(state.composer.pasted ?? []), text] },
      }))
      return
    }
    set((state) => ({ composer: { ...state.composer, text } }))
  },
  addPastedText(text) {
    set((state) => ({ composer: { ...state.composer, pasted: [...(state.composer.pasted ?? []), text] } }))
  },
  removePastedText(index) {
    set((state) => ({
      composer: { ...state.composer, pasted: (state.composer.pasted ?? []).filter((_, i) => i !== index) },
    }))
  },
  addDraftImages(images) {
    set((state) => ({ composer: { ...state.composer, images: [...state.composer.images, ...images] } }))
  },
  removeDraftImage(index) {
    set((state) => ({
      composer: { ...state.composer, images: state.composer.images.filter((_, i) => i !== index) },
    }))
  },
  clearDraft() {
    set({ composer: { text: '', images: [] } })
  },
})
