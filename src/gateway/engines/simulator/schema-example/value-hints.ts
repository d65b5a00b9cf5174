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

export function stringHint(name: string | undefined, hints: ValueHints): string | undefined {
  const key = normalizePropertyName(name)
  if (key === '') return undefined
  const userText = hints.userText === '' ? undefined : truncateCodePoints(hints.userText, 100)
  switch (key) {
    case 'q':
    case 'query':
    case 'search':
    case 'searchterm':
    case 'searchquery':
    case 'prompt':
    case 'question':
    case 'input':
    case 'text':
    case 'message':
    case 'content':
    case 'keywords':
      return userText
    case 'answer':
    case 'reply':
    case 'response':
    case 'summary':
    case 'description':
    case 'explanation':
    case 'reason':
    case 'reasoning':
    case 'comment':
    case 'note':
    case 'notes':
    case 'body':
      return hints.sentence
    case 'title':
    case 'subject':
    case 'headline':
      return 'Simulated title'
    case 'firstname':
    case 'givenname':
      return 'Ada'
    case 'lastname':
    case 'familyname':
    case 'surname':
      return 'Lovelace'
    case 'name':
    case 'fullname':
    case 'author':
      return 'Ada Lovelace'
    case 'username':
    case 'login':
    case 'handle':
      return 'ada_lovelace'
    case 'country':
      return 'France'
    case 'language':
    case 'lang':
    case 'locale':
      return 'en'
    case 'unit':
    case 'units':
      return 'celsius'
    case 'currency':
      return 'EUR'
    case 'timezone':
    case 'tz':
      return 'Europe/Paris'
    case 'color':
    case 'colour':
      return 'blue'
    case 'status':
    case 'state':
      return 'ok'
    case 'symbol':
    case 'ticker':
      return 'ACME'
    case 'phone':
    case 'phonenumber':
      return '+1 555 0100'
    case 'id':
    case 'identifier':
    case 'key':
      return 'sim_0001'
    default:
      break
  }
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
