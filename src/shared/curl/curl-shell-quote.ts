/**
 * One POSIX shell word whose value is exactly `text`, whatever it holds. Inside single quotes nothing
 * is special (no `$`, backtick, `\` or, in bash and zsh, `!` history expansion), so the only thing to
 * handle is the quote itself: close, write an escaped quote, reopen (`'\''`).
 */
export function singleQuote(text: string): string {
  return "'" + text.replaceAll("'", "'\\''") + "'"
}

/**
 * One shell word whose value is `text` with every occurrence of `secret` replaced, at run time, by
 * the value of the environment variable `envVar`; the secret itself is never written. The text stays
 * single-quoted and the variable is spliced in double quotes: `'{"a":"'"$KEY"'"}'`. Suited to long
 * words such as a JSON body, where double-quoting everything would escape every `"`.
 * `envVar` must already be a valid name (checked by the caller).
 */
export function singleQuoteWithSecret(text: string, secret: string, envVar: string): string {
  if (secret === '' || !text.includes(secret)) return singleQuote(text)
  return text
    .split(secret)
    .map((piece) => (piece === '' ? '' : singleQuote(piece)))
    .join('"$' + envVar + '"')
}

/**
 * The same value as `singleQuoteWithSecret`, written in double quotes, the way people expect a
 * header carrying the key to look and to edit: `"authorization: Bearer $MODEL_GATEWAY_API_KEY"`.
 * Without an occurrence of the secret this is just `singleQuote(text)`. Quirks handled:
 * - Inside double quotes `\`, `"`, `$` and backtick are still special: each gets a backslash.
 * - `!` cannot be escaped there at all: an interactive bash or zsh runs history expansion inside
 *   double quotes and keeps the backslash of `\!`. So a `!` leaves the double quotes: `"a"'!'"b"`.
 * - `$NAME` followed by more text could read a longer name (`$KEYabc`), a zsh subscript (`$KEY[1]`)
 *   or a zsh modifier (`$KEY:h`), so a variable not at the very end of the word is written `${NAME}`.
 * `envVar` must already be a valid name (checked by the caller).
 */
export function doubleQuoteWithSecret(text: string, secret: string, envVar: string): string {
  if (secret === '' || !text.includes(secret)) return singleQuote(text)
  const pieces = text.split(secret)
  let word = ''
  let inDoubleQuotes = false
  const openDouble = (): void => {
    if (!inDoubleQuotes) word += '"'
    inDoubleQuotes = true
  }
  const closeDouble = (): void => {
    if (inDoubleQuotes) word += '"'
    inDoubleQuotes = false
  }
  pieces.forEach((piece, index) => {
    if (index > 0) {
      openDouble()
      const isLast = index === pieces.length - 1 && piece === ''
      word += isLast ? '$' + envVar : '${' + envVar + '}'
    }
    for (const char of piece) {
      if (char === '!') {
        closeDouble()
        word += "'!'"
      } else {
        openDouble()
        word += char === '\\' || char === '"' || char === '$' || char === '`' ? '\\' + char : char
      }
    }
  })
  closeDouble()
  return word
}
