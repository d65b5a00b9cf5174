import type { HttpRequest } from '../http/http-request'
import { curlBody, type CurlBody } from './curl-body'
import { assertShellVariableName, curlHeaderLine, curlUrl, needsGlobOff } from './curl-input-checks'
import { KEY_ENV_VAR, type CurlOptions } from './curl-options'
import { doubleQuoteWithSecret, singleQuote, singleQuoteWithSecret } from './curl-shell-quote'
import { CurlUnsafeInputError } from './curl-unsafe-input-error'

/**
 * The curl command that sends `request`, for any POSIX shell (sh, dash, bash, zsh), pasted or run:
 *
 * ```
 * curl 'https://host/v1/chat/completions' \
 *   --no-buffer \
 *   -H 'content-type: application/json' \
 *   -H "authorization: Bearer $MODEL_GATEWAY_API_KEY" \
 *   --data-raw '{"model":"m","stream":true,…}'
 * ```
 *
 * Every word is single-quoted; the secret (unless revealed) is never written: `$envVar` stands in
 * for it, expanded inside double quotes. Throws CurlUnsafeInputError instead of quoting what could
 * inject (control characters in the URL or headers) or what would not survive a paste (a non-ASCII
 * body that is not JSON).
 */
export function toCurl(request: HttpRequest, options: CurlOptions = {}): string {
  const envVar = options.envVar ?? KEY_ENV_VAR
  assertShellVariableName(envVar)
  // An empty secret would "occur" everywhere; it means there is nothing to hide.
  const hiddenSecret = options.secret && !options.revealSecret ? options.secret : undefined
  // The header carrying the key reads best double-quoted; the URL and body (where a key may also
  // hide) stay single-quoted with the variable spliced in.
  const headerWord = (text: string): string =>
    hiddenSecret === undefined ? singleQuote(text) : doubleQuoteWithSecret(text, hiddenSecret, envVar)
  const word = (text: string): string =>
    hiddenSecret === undefined ? singleQuote(text) : singleQuoteWithSecret(text, hiddenSecret, envVar)

  const url = curlUrl(request.url)
  const headerLines = Object.entries(request.headers).map(([name, value]) => curlHeaderLine(name, value))
  const body = bodyForMethod(request)

  const args = ['curl ' + word(url)]
  if (needsGlobOff(url)) args.push('--globoff')
  // `--data-raw` already makes curl POST; a POST without a body needs saying.
  if (request.method === 'POST' && body === undefined) args.push('-X POST')
  if (body?.streams) args.push('--no-buffer')
  for (const line of headerLines) args.push('-H ' + headerWord(line))
  // Never `-d`/`--data` with the body inline: they read a file when the body starts with `@`.
  const fromStdin = body !== undefined && options.bodyFrom === 'stdin'
  if (body !== undefined && !fromStdin) args.push('--data-raw ' + word(body.dataRaw))
  if (fromStdin) args.push('--data @-')

  let command = args.join(options.multiline === false ? ' ' : ' \\\n  ')
  if (body !== undefined && fromStdin) command += hereDocument(body.dataRaw, hiddenSecret, envVar)
  // Fail closed: a secret that also spells part of the command itself (a placeholder like `curl`)
  // cannot be hidden by substitution, and the key must never be shown by accident.
  if (hiddenSecret !== undefined && command.includes(hiddenSecret)) {
    throw new CurlUnsafeInputError('The secret would appear in the command; refusing to write it.')
  }
  return command
}

/**
 * ` <<'DELIM'` + newline + the body + newline + `DELIM`: the body on curl's stdin, read by `--data @-`,
 * so no argument holds it and no 128 KiB limit applies. Why `--data` (not `--data-binary`): reading
 * from a file or stdin it strips CR and LF, so the here-document's final newline is not sent and the
 * body arrives byte for byte (curlBody guarantees the body itself has no CR or LF: compact JSON or
 * printable ASCII). The body never holds a line equal to the delimiter (it is one line, and not
 * the delimiter). With the delimiter quoted, the shell expands nothing inside; when the hidden
 * secret occurs in the body, the delimiter is unquoted so `${VAR}` expands, and the three characters
 * special there (`\`, `$`, backtick) are escaped everywhere else.
 */
function hereDocument(dataRaw: string, hiddenSecret: string | undefined, envVar: string): string {
  let delimiter = 'MODEL_GATEWAY_BODY'
  while (dataRaw === delimiter) delimiter += '_'
  if (hiddenSecret === undefined || !dataRaw.includes(hiddenSecret)) {
    return ` <<'${delimiter}'\n${dataRaw}\n${delimiter}`
  }
  const escaped = dataRaw
    .split(hiddenSecret)
    .map((piece) => piece.replace(/[\\$`]/g, (char) => '\\' + char))
    .join('${' + envVar + '}')
  return ` <<${delimiter}\n${escaped}\n${delimiter}`
}

function bodyForMethod(request: HttpRequest): CurlBody | undefined {
  const method = request.method
  switch (method) {
    case 'GET':
      // fetch refuses a GET with a body, and `--data-raw` would turn it into a POST.
      if (request.body !== undefined) throw new CurlUnsafeInputError('A GET request cannot have a body.')
      return undefined
    case 'POST':
      return request.body === undefined ? undefined : curlBody(request.body)
    default: {
      const unexpected: never = method
      throw new CurlUnsafeInputError(`Unsupported HTTP method ${JSON.stringify(unexpected)}.`)
    }
  }
}
