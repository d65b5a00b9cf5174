import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import Ajv from 'ajv'
import { describe, expect, it } from 'vitest'
import { electronArtifact, targetPlatforms } from './package-app'

const root = path.resolve(import.meta.dirname, '..')
const readJson = (file: string): unknown => JSON.parse(readFileSync(path.join(root, file), 'utf8'))

type BuilderConfig = {
  appId: string
  files: string[]
  asarUnpack: string[]
  directories: { buildResources: string }
  linux: { target: string[]; icon: string }
  mac: { target: string[]; icon: string }
  win: { target: string[]; icon: string }
}
const config = readJson('electron-builder.json') as BuilderConfig

/** electron-builder's own rule: a path is included when it matches a pattern and no later `!` pattern. */
function included(file: string, patterns: readonly string[]): boolean {
  let result = false
  for (const pattern of patterns) {
    if (pattern.startsWith('!')) {
      if (path.matchesGlob(file, pattern.slice(1))) result = false
    } else if (path.matchesGlob(file, pattern)) result = true
  }
  return result
}

function pngSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(path.join(root, file))
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG')
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
}

describe('electron-builder configuration (checked without the Electron binary)', () => {
  it('is valid against electron-builder’s own JSON Schema, which does reject a wrong config', () => {
    const schema = readJson('node_modules/app-builder-lib/scheme.json') as object
    const validate = new Ajv({ strict: false, allErrors: true }).compile(schema)
    expect(validate(config), JSON.stringify(validate.errors)).toBe(true)
    // The schema is strict enough to be worth passing: a misspelt key fails.
    expect(validate({ ...config, asarUnPack: ['x'] })).toBe(false)
  })

  it('builds the installers desktop users expect, under a stable app id', () => {
    expect(config.appId).toMatch(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/)
    expect(config.linux.target).toEqual(expect.arrayContaining(['AppImage', 'deb']))
    expect(config.mac.target).toContain('dmg')
    expect(config.win.target).toContain('nsis')
  })

  it('uses the icon from resources/, large enough for every platform (≥ 512 px square)', () => {
    expect(config.directories.buildResources).toBe('resources')
    for (const icon of new Set([config.linux.icon, config.mac.icon, config.win.icon])) {
      expect(icon.startsWith('resources/')).toBe(true)
      const { width, height } = pngSize(icon)
      expect(width).toBe(height)
      expect(width).toBeGreaterThanOrEqual(512)
    }
  })

  it('ships the built app and unpacks keytar’s native module from the asar archive', () => {
    const packageJson = readJson('package.json') as { main: string }
    const builtFiles = [
      packageJson.main,
      'out/main/gateway-worker.js',
      'out/preload/index.cjs',
      'out/renderer/index.html',
      'package.json',
    ]
    for (const file of builtFiles) expect(included(path.normalize(file), config.files), file).toBe(true)
    expect(included('out/main/index.js.map', config.files)).toBe(false)
    // A .node file cannot be dlopen'ed from inside an asar archive.
    expect(
      config.asarUnpack.some((pattern) =>
        path.matchesGlob('node_modules/keytar/build/Release/keytar.node', pattern),
      ),
    ).toBe(true)
  })
})

describe('npm run package where the Electron download is unreachable', () => {
  it('names the artifact and platforms the way Electron’s downloader does', () => {
    expect(targetPlatforms([], 'linux')).toEqual(['linux'])
    expect(targetPlatforms(['--mac', '--win', '--mac'], 'linux')).toEqual(['darwin', 'win32'])
    expect(electronArtifact('45.4.1', 'linux', 'x64', 'http://mirror.test/').url).toBe(
      'http://mirror.test/v45.4.1/electron-v45.4.1-linux-x64.zip',
    )
  })

  it('fails at once with the reason, before building anything', async () => {
    // A loopback port that refuses connections stands in for a blocked download.
    const closedPort = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number }
        server.close(() => resolve(port))
      })
    })
    const emptyCache = mkdtempSync(path.join(os.tmpdir(), 'electron-cache-'))
    try {
      const run = spawnSync(
        process.execPath,
        ['--import', 'tsx', path.join(root, 'scripts/package-app.ts'), '--linux'],
        {
          cwd: root,
          env: {
            ...process.env,
            ELECTRON_MIRROR: `http://127.0.0.1:${closedPort}/`,
            ELECTRON_CACHE: emptyCache,
            XDG_CACHE_HOME: emptyCache,
          },
          encoding: 'utf8',
          timeout: 30_000,
        },
      )
      expect(run.status).toBe(1)
      expect(run.stderr).toMatch(
        /cannot be downloaded here: http:\/\/127\.0\.0\.1:\d+\/v[\d.]+\/electron-v[\d.]+-linux-/,
      )
      expect(run.stderr).toContain('Nothing was built.')
      expect(run.stdout).not.toContain('Building the app')
    } finally {
      rmSync(emptyCache, { recursive: true, force: true })
    }
  })
})
