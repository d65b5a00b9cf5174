import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { ChatRequest, DialectId } from '@shared/chat/chat-request'
import { cassetteHash } from './cassette-hash'
import { CassetteFileError, parseCassetteFileName, parseCassetteText } from './cassette-file'
import type { Cassette } from './cassette-schema'
import { closestCandidate, type CandidateRequest } from './closest-cassette'

export type CassetteLookup =
  | { found: true; cassette: Cassette; file: string }
  /** `message` says no cassette matched and names the closest one; no path in it (it goes to clients). */
  | { found: false; message: string }

export type CassetteLibrary = {
  readonly dir: string
  find(request: ChatRequest, clientDialect: DialectId): Promise<CassetteLookup>
}

/** Closest-match search reads at most this many files: a miss must not read a whole disk. */
const MAX_FILES_COMPARED = 5_000

/**
 * The cassettes of one directory, found by the request hash (cassette-hash.ts). The listing is kept
 * and read again on a miss, so a cassette written meanwhile (the app's "Save as cassette", a recording
 * gateway beside this one) is found without a restart. Of a hash recorded from both upstream dialects,
 * the client's own is preferred: same-dialect replay gives back the very events that were recorded.
 */
export function openCassetteLibrary(dir: string): CassetteLibrary {
  let listing: Map<string, string[]> | undefined

  async function list(): Promise<Map<string, string[]>> {
    const byHash = new Map<string, string[]>()
    for (const name of await readdir(dir).catch(() => [] as string[])) {
      const parsed = parseCassetteFileName(name)
      if (parsed === undefined) continue
      byHash.set(parsed.hashPrefix, [...(byHash.get(parsed.hashPrefix) ?? []), name].sort())
    }
    listing = byHash
    return byHash
  }

  async function candidatesOf(hash: string, dialect: DialectId): Promise<string[]> {
    let names = (listing ?? (await list())).get(hash.slice(0, 16))
    if (names === undefined) names = (await list()).get(hash.slice(0, 16)) ?? []
    const own = `.${dialect}.json`
    return [...names.filter((n) => n.endsWith(own)), ...names.filter((n) => !n.endsWith(own))]
  }

  return {
    dir,
    async find(request, clientDialect) {
      const hash = cassetteHash(request)
      for (const name of await candidatesOf(hash, clientDialect)) {
        const cassette = await readCassette(join(dir, name), name)
        // A file whose whole hash differs (edited by hand, or 16 digits shared by chance) is no match.
        if (cassette.hash === hash) return { found: true, cassette, file: name }
      }
      return { found: false, message: await missMessage(dir, request, hash) }
    },
  }
}

async function readCassette(path: string, name: string): Promise<Cassette> {
  return parseCassetteText(await readFile(path, 'utf8'), name)
}

/** "No cassette matched … the closest is …, which differs in …". */
async function missMessage(dir: string, request: ChatRequest, hash: string): Promise<string> {
  const head = `No cassette matched this request (hash ${hash.slice(0, 16)})`
  const candidates: CandidateRequest[] = []
  const names = (await readdir(dir).catch(() => [] as string[]))
    .filter((name) => parseCassetteFileName(name) !== undefined)
    .sort()
    .slice(0, MAX_FILES_COMPARED)
  for (const name of names) {
    try {
      candidates.push({ name, request: (await readCassette(join(dir, name), name)).request })
    } catch (error) {
      if (!(error instanceof CassetteFileError) && (error as { code?: string }).code !== 'ENOENT') throw error
    }
  }
  const closest = closestCandidate(request, candidates)
  if (closest === undefined) return `${head}: the cassette folder holds no cassettes.`
  const differs =
    closest.differences.length === 0
      ? 'which differs only in how it is sent'
      : `which differs in ${closest.differences.join(', ')}`
  return `${head}. The closest is ${closest.name}, ${differs}.`
}
