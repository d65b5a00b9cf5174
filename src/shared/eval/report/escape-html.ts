/**
 * Text for HTML text or a quoted attribute: the five characters that could open markup or end an
 * attribute are escaped, and characters a browser would mangle (NUL, lone surrogates) become U+FFFD,
 * so model output shows as written and can never become an element.
 */
export function escapeHtml(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- NUL is what browsers replace or drop
      .replace(/\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&#39;')
  )
}
