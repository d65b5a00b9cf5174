// Writes docs/cassette.schema.json from the code's schema (src/node/cassettes/cassette-schema.ts); a
// unit test fails while the file is out of date.
import { writeFileSync } from 'node:fs'
import { cassetteJsonSchema } from '@node/cassettes/cassette-schema'

const path = new URL('../docs/cassette.schema.json', import.meta.url)
writeFileSync(path, `${JSON.stringify(cassetteJsonSchema(), null, 2)}\n`)
process.stdout.write(`wrote ${path.pathname}\n`)
