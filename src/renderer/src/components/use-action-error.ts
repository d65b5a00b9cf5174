import { useCallback, useState } from 'react'

/** An action's failure, shown where it was asked for, and the wrapper that records it. */
export type ActionError = {
  /** The last action's failure (main's message), until the next action starts. */
  error: string | undefined
  /** Runs an action: clears the last failure first and keeps this one's message if it throws. */
  run(action: () => Promise<void>): Promise<void>
}

/** One home for the error line of a list item's actions (a history entry, a settings profile). */
export function useActionError(): ActionError {
  const [error, setError] = useState<string>()
  const run = useCallback(async (action: () => Promise<void>): Promise<void> => {
    setError(undefined)
    try {
      await action()
    } catch (failure) {
      setError((failure as Error).message)
    }
  }, [])
  return { error, run }
}
