import type { KeyStatusView } from '@shared/ipc/contract'

/**
 * The words for a key status, in one place for the header, the cards and the settings dialog. Only
 * the last four characters of a key ever appear, after a mask that does not reveal its length.
 */

const KEY_MASK = '••••'

export function maskedKey(status: Pick<KeyStatusView, 'last4'>): string {
  return status.last4 ? `${KEY_MASK} ${status.last4}` : KEY_MASK
}

/** Short, for the header: "keychain" / "this session only". */
export function storageShortLabel(storage: KeyStatusView['storage']): string {
  switch (storage) {
    case 'keychain':
      return 'keychain'
    case 'session':
      return 'this session only'
    default: {
      const unknownStorage: never = storage
      throw new Error(`Unknown key storage ${String(unknownStorage)}`)
    }
  }
}

/** A sentence, for the settings dialog: "Stored in the system keychain" / "Kept for this session only". */
export function storageSentence(storage: KeyStatusView['storage']): string {
  switch (storage) {
    case 'keychain':
      return 'Stored in the system keychain'
    case 'session':
      return 'Kept for this session only'
    default: {
      const unknownStorage: never = storage
      throw new Error(`Unknown key storage ${String(unknownStorage)}`)
    }
  }
}

/** "Key •••• 3f9a · keychain", or "No key". */
export function keyHeaderLabel(status: KeyStatusView): string {
  if (!status.hasKey) return 'No key'
  return `Key ${maskedKey(status)} · ${storageShortLabel(status.storage)}`
}
