/** What one attempt of a run ended with: done (the reply or its error reached the sink), or retry. */
export type AttemptOutcome = { kind: 'done' } | { kind: 'retry'; delayMs: number; reason: string }

export const DONE: AttemptOutcome = { kind: 'done' }
