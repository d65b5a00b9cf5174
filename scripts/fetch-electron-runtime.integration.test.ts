import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { electronBinary } from './electron-runtime'
import { fetchElectronRuntime } from './fetch-electron-runtime'

// A project root whose node_modules/electron is the real package layout (package.json, install.js,
// path.txt + dist/ once installed) with an install.js that behaves like Electron's in each case:
// the runtime is fetched and unpacked, the download fails, or it never answers.
const roots: string[] = []
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true })
})

function projectWithInstaller(installScript: string): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'electron-runtime-'))
  roots.push(root)
  const packageDir = path.join(root, 'node_modules', 'electron')
  mkdirSync(packageDir, { recursive: true })
  writeFileSync(path.join(packageDir, 'package.json'), '{"name":"electron","version":"45.4.1"}')
  writeFileSync(path.join(packageDir, 'install.js'), installScript)
  return root
}

const UNPACKS_RUNTIME = `
const fs = require('fs'), path = require('path')
console.log('Downloading electron-v45.4.1-linux-x64.zip: 100%')
fs.mkdirSync(path.join(__dirname, 'dist'), { recursive: true })
fs.writeFileSync(path.join(__dirname, 'dist', 'electron'), '#!/bin/sh\\n')
fs.writeFileSync(path.join(__dirname, 'path.txt'), 'electron')
`
// What Electron's installer prints offline: the error, then its stack.
const OFFLINE = `console.error('TypeError: fetch failed\\n    at node:internal/deps/undici/undici:14976:13\\n    at async downloadArtifact (index.js:154:12)'); process.exit(1)`
const HANGS = `setInterval(() => {}, 1000)`

describe('fetchElectronRuntime (npm start with a missing runtime)', () => {
  it('runs Electron’s installer, shows its output and then finds the runtime binary', async () => {
    const root = projectWithInstaller(UNPACKS_RUNTIME)
    expect(electronBinary(root)).toMatchObject({ path: null, downloadable: true })
    const lines: string[] = []

    const result = await fetchElectronRuntime({
      root,
      timeoutMs: 20_000,
      env: {},
      write: (l) => lines.push(l),
    })

    expect(result.path).toBe(path.join(root, 'node_modules', 'electron', 'dist', 'electron'))
    expect(lines.join('')).toContain('electron: Downloading electron-v45.4.1-linux-x64.zip: 100%')
    expect(electronBinary(root).path).toBe(result.path)
  })

  it('falls back with the installer’s own reason when the download fails (offline)', async () => {
    const root = projectWithInstaller(OFFLINE)
    const lines: string[] = []
    const result = await fetchElectronRuntime({
      root,
      timeoutMs: 20_000,
      env: {},
      write: (l) => lines.push(l),
    })
    expect(result.path).toBeNull()
    expect(result.reason).toMatch(/could not be downloaded: TypeError: fetch failed \(offline/)
    // The expected failure reads as one line, without the installer's stack.
    expect(lines.join('')).toContain('electron: TypeError: fetch failed\n')
    expect(lines.join('')).not.toMatch(/\bat (node:|async )/)
  })

  it('stops an installer that does not finish within the limit and says so', async () => {
    const root = projectWithInstaller(HANGS)
    const lines: string[] = []
    const result = await fetchElectronRuntime({
      root,
      timeoutMs: 1_500,
      heartbeatMs: 200,
      env: {},
      write: (l) => lines.push(l),
    })
    expect(result.path).toBeNull()
    expect(result.reason).toMatch(/no result within 2 s \(stopped\)/)
    // Visible progress while it waited.
    expect(lines.some((l) => l.includes('still downloading'))).toBe(true)
  })

  it('does not try when ELECTRON_SKIP_BINARY_DOWNLOAD is set, and says why', async () => {
    const root = projectWithInstaller(UNPACKS_RUNTIME)
    const result = await fetchElectronRuntime({
      root,
      timeoutMs: 20_000,
      env: { ELECTRON_SKIP_BINARY_DOWNLOAD: '1' },
      write: () => {},
    })
    expect(result.path).toBeNull()
    expect(result.reason).toMatch(/ELECTRON_SKIP_BINARY_DOWNLOAD/)
    expect(electronBinary(root).path).toBeNull()
  })
})
