/**
 * How much of a long request's text a panel shows (the inspector's body, the Code tab's command and
 * code): the head, with the whole length said. A send into a 1M-token chat is 2+ MB of text, which
 * costs seconds of layout in a <pre> and is read by nobody whole; the Copy buttons hold all of it.
 */
export const SHOWN_REQUEST_CHARS = 64 * 1024
