/**
 * Plausible values for a property, guessed from its name and the user's words, so a simulated call
 * reads like a real one: "Weather in Paris?" → `get_weather({"city":"Paris"})`.
 */
export type ValueHints = {
  /** The last user message, whitespace collapsed. */
  userText: string
  /** A place the user named ("in New York", "for Paris"), if any. */
  place: string | undefined
  /** A sentence saying the reply is simulated, for answer/summary-like fields. */
  sentence: string
}

/** "weather in New York today" → "New York": a capitalized name after in/for/at/to/from/near. */
export function findPlace(text: string): string | undefined {
  const match =
    /\b(?:in|for|at|to|from|near|of)\s+((?:\p{Lu}[\p{L}'’.-]*)(?:\s+\p{Lu}[\p{L}'’.-]*){0,2})/u.exec(text)
  return match?.[1]?.replace(/[.'’-]+$/u, '')
}

function normalizePropertyName(name: string | undefined): string {
  return (name ?? '').toLowerCase().replace(/[^a-z0-9]/g, '')
}

/** Names (lower-cased, letters and digits only) of properties that carry what the user asked. */
const USER_TEXT_NAMES: ReadonlySet<string> = new Set([
  'q',
  'query',
  'search',
  'searchterm',
  'searchquery',
  'prompt',
  'question',
  'input',
  'text',
  'message',
  'content',
  'keywords',
])

/** Names of properties that carry an answer: they get the sentence saying the reply is simulated. */
const SENTENCE_NAMES: ReadonlySet<string> = new Set([
  'answer',
  'reply',
  'response',
  'summary',
  'description',
  'explanation',
  'reason',
  'reasoning',
  'comment',
  'note',
  'notes',
  'body',
])

/** A plausible value for each of these names, whatever the user said. */
const FIXED_STRINGS: ReadonlyMap<string, string> = new Map<string, string>(
  (
    [
      [['title', 'subject', 'headline'], 'Simulated title'],
      [['firstname', 'givenname'], 'Ada'],
      [['lastname', 'familyname', 'surname'], 'Lovelace'],
      [['name', 'fullname', 'author'], 'Ada Lovelace'],
      [['username', 'login', 'handle'], 'ada_lovelace'],
      [['country'], 'France'],
      [['language', 'lang', 'locale'], 'en'],
      [['unit', 'units'], 'celsius'],
      [['currency'], 'EUR'],
      [['timezone', 'tz'], 'Europe/Paris'],
      [['color', 'colour'], 'blue'],
      [['status', 'state'], 'ok'],
      [['symbol', 'ticker'], 'ACME'],
      [['phone', 'phonenumber'], '+1 555 0100'],
      [['id', 'identifier', 'key'], 'sim_0001'],
    ] as const
  ).flatMap(([names, value]) => names.map((name) => [name, value] as const)),
)

export function stringHint(name: string | undefined, hints: ValueHints): string | undefined {
  const key = normalizePropertyName(name)
  if (key === '') return undefined
  if (USER_TEXT_NAMES.has(key))
    return hints.userText === '' ? undefined : truncateCodePoints(hints.userText, 100)
  if (SENTENCE_NAMES.has(key)) return hints.sentence
  const fixed = FIXED_STRINGS.get(key)
  if (fixed !== undefined) return fixed
  if (/city|town|location|place|destination|origin|where|region|address/.test(key))
    return hints.place ?? 'Paris'
  if (key.includes('email')) return 'ada@example.com'
  if (/url|uri|link|website|homepage/.test(key)) return 'https://example.com/simulated'
  if (key.endsWith('date')) return '2025-01-15'
  if (key.endsWith('time')) return '2025-01-15T09:30:00Z'
  return undefined
}

export function numberHint(name: string | undefined): number | undefined {
  const key = normalizePropertyName(name)
  switch (key) {
    case 'age':
      return 36
    case 'year':
      return 2025
    case 'month':
      return 6
    case 'day':
      return 15
    case 'hour':
      return 9
    case 'lat':
    case 'latitude':
      return 48.8566
    case 'lon':
    case 'lng':
    case 'longitude':
      return 2.3522
    case 'temperature':
    case 'temp':
    case 'tempc':
    case 'celsius':
      return 21.5
    case 'price':
    case 'amount':
    case 'cost':
    case 'total':
      return 19.99
    case 'page':
    case 'offset':
      return 1
    case 'count':
    case 'limit':
    case 'n':
    case 'num':
    case 'number':
    case 'quantity':
    case 'topk':
    case 'maxresults':
    case 'days':
      return 3
    case 'rating':
    case 'score':
    case 'stars':
      return 4
    case 'percent':
    case 'percentage':
      return 50
    default:
      return undefined
  }
}

/** At most `max` code points, with an ellipsis when cut; never splits a surrogate pair. */
export function truncateCodePoints(text: string, max: number): string {
  const kept: string[] = []
  // Lazy iteration: a 4 MB message costs `max` steps, not an array of four million characters.
  for (const codePoint of text) {
    if (kept.length === max) {
      kept.pop()
      return kept.join('') + '…'
    }
    kept.push(codePoint)
  }
  return text
}
