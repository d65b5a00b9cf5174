import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { doubleQuoteWithSecret, singleQuote, singleQuoteWithSecret } from './curl-shell-quote'

/**
 * A deliberately strict model of how an interactive bash reads ONE word: single quotes, double quotes
 * (with `\`, `"`, `$`, backtick escapes and `$NAME` / `${NAME}` expansion), and history expansion
 * switched on. Anything else that is special to a shell (unquoted metacharacters, command
 * substitution, `!` outside single quotes) throws, so a passing word is safe in every POSIX shell.
 * The real shells are exercised in to-curl.shell.test.ts; this oracle runs thousands of cases fast.
 */
function readShellWord(word: string, env: Record<string, string>): string {
  let value = ''
  let i = 0
  const fail = (why: string): never => {
    throw new Error(`${why} at ${i} in ${JSON.stringify(word)}`)
  }
  while (i < word.length) {
    const char = word[i]
    if (char === "'") {
      const end = word.indexOf("'", i + 1)
      if (end === -1) fail('unterminated single quote')
      value += word.slice(i + 1, end)
      i = end + 1
    } else if (char === '\\' && word[i + 1] === "'") {
      value += "'"
      i += 2
    } else if (char === '"') {
      i++
      for (;;) {
        const c = word[i]
        if (c === undefined) fail('unterminated double quote')
        if (c === '"') break
        if (c === '!') fail('history expansion inside double quotes')
        if (c === '`') fail('command substitution')
        if (c === '\\') {
          const next = word[i + 1] ?? fail('dangling backslash')
          if (!'\\"$`'.includes(next)) fail('backslash kept literally')
          value += next
          i += 2
        } else if (c === '$') {
          const match = /^\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))/.exec(word.slice(i))
          if (!match) fail('unexpected $')
          const name = match?.[1] ?? match?.[2] ?? ''
          // Unbraced: the next character must end the name (and not start a zsh subscript/modifier).
          if (match?.[2] !== undefined && word[i + match[0].length] !== '"') fail('unbraced $NAME mid-word')
          value += env[name] ?? fail(`unset variable ${name}`)
          i += match?.[0].length ?? 0
        } else {
          value += c
          i++
        }
      }
      i++
    } else {
      fail(`unquoted ${JSON.stringify(char)}`)
    }
  }
  return value
}

// Any code point, lone surrogates included (fast-check's 'binary' unit excludes them, and building it
// costs over a second per worker).
const anyCodePoint = fc
  .oneof(
    fc.integer({ min: 0, max: 0x7f }),
    fc.integer({ min: 0, max: 0xffff }),
    fc.integer({ min: 0, max: 0x10ffff }),
  )
  .map((code) => String.fromCodePoint(code))
const anyText = fc.string({ unit: anyCodePoint, maxLength: 80 })
const shellyText = fc.string({
  unit: fc.constantFrom("'", '"', '\\', '$', '`', '!', '$(x)', '${x}', ' ', '\n', 'a', 'é', '\u202e', '\0'),
  maxLength: 40,
})
const someText = fc.oneof(anyText, shellyText)
const secretArb = fc
  .string({
    unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-'),
    minLength: 8,
  })
  .map((tail) => 'sk-' + tail)
const ENV = 'MODEL_GATEWAY_API_KEY'

describe('singleQuote', () => {
  it('writes each single quote as close-escape-reopen', () => {
    expect(singleQuote("it's")).toBe("'it'\\''s'")
    expect(singleQuote('')).toBe("''")
    expect(singleQuote('$(touch pwned) `x` "y" \\ !')).toBe('\'$(touch pwned) `x` "y" \\ !\'')
  })

  it('reads back as exactly the text, for any text', () => {
    fc.assert(
      fc.property(someText, (text) => {
        expect(readShellWord(singleQuote(text), {})).toBe(text)
      }),
      { numRuns: 2000 },
    )
  })
})

describe('doubleQuoteWithSecret', () => {
  it('writes the header carrying the key in double quotes with the variable in its place', () => {
    expect(doubleQuoteWithSecret('authorization: Bearer sk-123', 'sk-123', ENV)).toBe(
      '"authorization: Bearer $MODEL_GATEWAY_API_KEY"',
    )
    expect(doubleQuoteWithSecret('x-api-key: sk-123', 'sk-123', 'MY_KEY')).toBe('"x-api-key: $MY_KEY"')
  })

  it('is a plain single-quoted word when the secret does not occur', () => {
    expect(doubleQuoteWithSecret("it's", 'sk-123', ENV)).toBe("'it'\\''s'")
    expect(doubleQuoteWithSecret('abc', '', ENV)).toBe("'abc'")
  })

  it('braces the variable when text follows it, so no longer name or zsh subscript is read', () => {
    expect(doubleQuoteWithSecret('k: sk-1abc', 'sk-1', 'K')).toBe('"k: ${K}abc"')
    expect(doubleQuoteWithSecret('k: sk-1[1]', 'sk-1', 'K')).toBe('"k: ${K}[1]"')
  })

  it('escapes what double quotes still interpret, and keeps `!` out of them', () => {
    expect(doubleQuoteWithSecret('a"b$c`d\\e sk-1', 'sk-1', 'K')).toBe('"a\\"b\\$c\\`d\\\\e $K"')
    expect(doubleQuoteWithSecret('hi! sk-1', 'sk-1', 'K')).toBe('"hi"\'!\'" $K"')
  })

  it('reads back as the text with the secret restored from the environment, and never contains it', () => {
    fc.assert(
      fc.property(fc.array(someText, { minLength: 1, maxLength: 5 }), secretArb, (pieces, secret) => {
        const text = pieces.join(secret)
        const word = doubleQuoteWithSecret(text, secret, ENV)
        expect(readShellWord(word, { [ENV]: secret })).toBe(text)
        if (pieces.length > 1) expect(word).not.toContain(secret)
      }),
      { numRuns: 2000 },
    )
  })
})

describe('singleQuoteWithSecret', () => {
  it('keeps the text single-quoted and splices the variable in double quotes', () => {
    expect(singleQuoteWithSecret('{"key":"sk-1","n":1}', 'sk-1', 'K')).toBe('\'{"key":"\'"$K"\'","n":1}\'')
    expect(singleQuoteWithSecret('sk-1', 'sk-1', 'K')).toBe('"$K"')
    expect(singleQuoteWithSecret("it's", 'sk-1', 'K')).toBe("'it'\\''s'")
  })

  it('reads back as the text with the secret restored from the environment, and never contains it', () => {
    fc.assert(
      fc.property(fc.array(someText, { minLength: 1, maxLength: 5 }), secretArb, (pieces, secret) => {
        const text = pieces.join(secret)
        const word = singleQuoteWithSecret(text, secret, ENV)
        expect(readShellWord(word, { [ENV]: secret })).toBe(text)
        if (pieces.length > 1) expect(word).not.toContain(secret)
      }),
      { numRuns: 2000 },
    )
  })
})
