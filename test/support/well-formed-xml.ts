import { DOMParser, type Document } from '@xmldom/xmldom'

/**
 * Parses XML strictly: any error (malformed markup, bad character, unescaped `&`) throws, so a test
 * can assert a document is well formed and then read it back. Warnings are heuristics (xmldom warns
 * about U+FFFD, "encoding issues?"), not well-formedness: they pass.
 */
export function parseWellFormedXml(xml: string): Document {
  const parser = new DOMParser({
    onError: (level, message) => {
      if (level === 'warning') return
      throw new Error(`XML ${level}: ${message}`)
    },
  })
  return parser.parseFromString(xml, 'text/xml')
}
