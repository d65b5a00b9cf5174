import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import ts from 'typescript'

/**
 * Transpiles the TypeScript files of `folders` under `sourceRoot` (tests and declarations excluded) to
 * CommonJS in a temp folder, in the same layout (so relative imports between the folders hold, and the
 * `@shared/…`-style aliases become relative paths into it), for a
 * child process to run them on plain `node`, several times faster to start than through a TypeScript
 * loader, which is what lets the crash test kill 100+ processes in seconds. Packages resolve through
 * NODE_PATH (see `childEnv`). Returns the output folder.
 */
export async function compileForChild(sourceRoot: string, folders: readonly string[]): Promise<string> {
  const outDir = await mkdtemp(path.join(tmpdir(), 'compiled-for-child-'))
  // The repo's package.json says "type": "module"; these files are CommonJS.
  await writeFile(path.join(outDir, 'package.json'), '{ "type": "commonjs" }\n')
  const sources = await Promise.all(
    folders.map(async (folder) =>
      (await typeScriptSources(path.join(sourceRoot, folder))).map((file) => path.join(folder, file)),
    ),
  )
  for (const relative of sources.flat()) {
    const source = await readFile(path.join(sourceRoot, relative), 'utf8')
    const { outputText } = ts.transpileModule(source, {
      fileName: relative,
      compilerOptions: {
        module: ts.ModuleKind.CommonJS,
        target: ts.ScriptTarget.ES2022,
        esModuleInterop: true,
        verbatimModuleSyntax: false,
      },
    })
    const outFile = path.join(outDir, relative.replace(/\.ts$/, '.js'))
    await mkdir(path.dirname(outFile), { recursive: true })
    await writeFile(outFile, withRelativeAliases(outputText, outDir, outFile))
  }
  return outDir
}

/** The src folder each alias of electron.vite.config.ts names (those a child of src can use). */
const ALIAS_FOLDERS: Record<string, string> = {
  shared: 'shared',
  node: 'node',
  main: 'main',
  gateway: 'gateway',
}

/** `require("@shared/async/x")` → `require("../../shared/async/x")`, relative to the compiled file. */
function withRelativeAliases(code: string, outDir: string, outFile: string): string {
  return code.replace(/require\("@(\w+)(\/[^"]*)?"\)/g, (whole, alias: string, rest = '') => {
    const folder = ALIAS_FOLDERS[alias]
    if (folder === undefined) return whole
    let relative = path.relative(path.dirname(outFile), path.join(outDir, folder) + rest)
    if (!relative.startsWith('.')) relative = `./${relative}`
    return `require(${JSON.stringify(relative)})`
  })
}

export function childEnv(repoRoot: string): NodeJS.ProcessEnv {
  return { ...process.env, NODE_PATH: path.join(repoRoot, 'node_modules') }
}

async function typeScriptSources(dir: string, prefix = ''): Promise<string[]> {
  const found: string[] = []
  for (const entry of await readdir(path.join(dir, prefix), { withFileTypes: true })) {
    const relative = path.join(prefix, entry.name)
    if (entry.isDirectory()) found.push(...(await typeScriptSources(dir, relative)))
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') && !entry.name.includes('.test.')) {
      found.push(relative)
    }
  }
  return found
}
