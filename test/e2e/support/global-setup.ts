import path from 'node:path'
import { buildApp } from '@scripts/build-app'

/** Builds the app once for the whole run; every test then starts hosts with `--no-build`. */
export default function globalSetup(): void {
  buildApp(path.resolve(import.meta.dirname, '../../..'))
}
