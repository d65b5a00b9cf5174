import { useState } from 'react'
import { useAppStore } from '@renderer/store'
import { isLargeText } from './large-text'

/**
 * What a drop or a paste adds to the draft: image files are attached, a large text becomes a pasted
 * block, and a small text goes into the textarea as usual. `dragging` says files are over the box.
 */
export function useDraftDrop(attach: (files: File[]) => Promise<void>): {
  dragging: boolean
  dropHandlers: Pick<React.HTMLAttributes<HTMLDivElement>, 'onDragOver' | 'onDragLeave' | 'onDrop'>
  onPaste: React.ClipboardEventHandler<HTMLTextAreaElement>
} {
  const [dragging, setDragging] = useState(false)
  return {
    dragging,
    dropHandlers: {
      onDragOver: (event) => {
        if (!event.dataTransfer.types.includes('Files')) return
        event.preventDefault()
        setDragging(true)
      },
      onDragLeave: () => setDragging(false),
      onDrop: (event) => {
        if (event.dataTransfer.files.length === 0) {
          const dropped = event.dataTransfer.getData('text/plain')
          if (!isLargeText(dropped)) return
          event.preventDefault()
          setDragging(false)
          useAppStore.getState().addPastedText(dropped)
          return
        }
        event.preventDefault()
        setDragging(false)
        void attach([...event.dataTransfer.files])
      },
    },
    onPaste: (event) => {
      const files = [...event.clipboardData.files].filter((file) => file.type.startsWith('image/'))
      if (files.length === 0) {
        // What was typed stays in the box, which stays small.
        const pastedText = event.clipboardData.getData('text/plain')
        if (!isLargeText(pastedText)) return
        event.preventDefault()
        useAppStore.getState().addPastedText(pastedText)
        return
      }
      event.preventDefault()
      void attach(files)
    },
  }
}
