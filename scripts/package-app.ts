// `npm run package [-- --linux|--mac|--win …]`: installers with electron-builder (config:
// electron-builder.json; Linux AppImage + deb, macOS dmg, Windows nsis). electron-builder downloads the
// Electron runtime of each target platform; where that download is unreachable the build would fail
// deep inside it after minutes, so this checks first and fails at once, saying why.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { buildApp } from './build-app'

const root = path.resolve(import.meta.dirname, '..')
const PROBE_TIMEOUT_MS = 15_000
const DEFAULT_MIRROR = 'https://github.com/electron/electron/releases/download/'

type Platform = 'linux' | 'darwin' | 'win32'
const FLAGS: Record<string, Platform> = {
  '--linux': 'linux',
  '-l': 'linux',
  '--mac': 'darwin',
  '-m': 'darwin',
  '--win': 'win32',
  '-w': 'win32',
}

/** The platforms electron-builder will build for: its own flags, or this machine's OS. */
export function targetPlatforms(args: readonly string[], host: string): Platform[] {
  const named = [...new Set(args.flatMap((arg) => (FLAGS[arg] ? [FLAGS[arg]] : [])))]
  if (named.length > 0) return named
  return host === 'darwin' || host === 'win32' ? [host] : ['linux']
}

/** The runtime archive electron-builder fetches, named as Electron's downloader names it. */
export function electronArtifact(
  version: string,
  platform: Platform,
  arch: string,
  mirror?: string,
): { file: string; url: string } {
  const file = `electron-v${version}-${platform}-${arch}.zip`
  return { file, url: `${mirror ?? DEFAULT_MIRROR}v${version}/${file}` }
}

function electronCacheDirs(): string[] {
  const home = os.homedir()
  return [
    process.env.ELECTRON_CACHE,
    process.env.electron_config_cache,
    path.join(process.env.XDG_CACHE_HOME ?? path.join(home, '.cache'), 'electron'),
    path.join(home, 'Library', 'Caches', 'electron'),
    path.join(process.env.LOCALAPPDATA ?? path.join(home, 'AppData', 'Local'), 'electron', 'Cache'),
  ].filter((dir): dir is string => typeof dir === 'string' && existsSync(dir))
}

/** Electron's downloaders keep archives in <cache>/<file> or <cache>/<url hash>/<file>. */
function isCached(file: string): boolean {
  return electronCacheDirs().some((dir) => {
    if (existsSync(path.join(dir, file))) return true
    return readdirSync(dir, { withFileTypes: true }).some(
      (entry) => entry.isDirectory() && existsSync(path.join(dir, entry.name, file)),
    )
  })
}

async function probe(url: string): Promise<string | null> {
  try {
    const response = await fetch(url, { method: 'HEAD', signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) })
    return response.ok ? null : `HTTP ${response.status}`
  } catch (error) {
    const cause = (error as Error & { cause?: Error }).cause
    return [(error as Error).message, cause?.message].filter(Boolean).join(': ')
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2)
  const electronVersion = (
    JSON.parse(readFileSync(path.join(root, 'node_modules/electron/package.json'), 'utf8')) as {
      version: string
    }
  ).version
  for (const platform of targetPlatforms(args, process.platform)) {
    const { file, url } = electronArtifact(
      electronVersion,
      platform,
      process.arch,
      process.env.ELECTRON_MIRROR,
    )
    if (isCached(file)) continue
    const failure = await probe(url)
    if (failure !== null) {
      process.stderr.write(
        [
          `npm run package needs the Electron ${electronVersion} runtime for ${platform} (${file}),`,
          `and it cannot be downloaded here: ${url} → ${failure}.`,
          'Package on a machine with access to that download (or set ELECTRON_MIRROR to a mirror);',
          'see docs/packaging.md. Nothing was built.',
          '',
        ].join('\n'),
      )
      process.exit(1)
    }
  }
  process.stdout.write('Building the app (electron-vite build)…\n')
  buildApp(root)
  const builder = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules/electron-builder/cli.js'),
      '--config',
      'electron-builder.json',
      '--publish',
      'never',
      ...args,
    ],
    { cwd: root, stdio: 'inherit' },
  )
  process.exit(builder.status ?? 1)
}

if (import.meta.filename === path.resolve(process.argv[1] ?? '')) {
  main().catch((error: unknown) => {
    process.stderr.write(`${(error as Error).message}\n`)
    process.exit(1)
  })
}
