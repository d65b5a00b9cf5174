/** One dispatched server-sent event: the optional `event:` name and the joined `data:` lines. */
export type SseMessage = { event?: string; data: string; id?: string }

/** What a server writes: an event, or a comment line (`: ping`) that parsers ignore. */
export type SseFrame = SseMessage | { comment: string }
