// Runs gateway-worker.ts in a worker thread straight from TypeScript source (browser mode under tsx,
// vitest): registers tsx's loader in this thread, then imports the entry. See start-gateway-worker.ts.
// The project's tsconfig is named, not looked up from the working directory, so its import aliases
// (`@shared/…`) resolve wherever the app was started from.
import { fileURLToPath } from 'node:url'
import { register } from 'tsx/esm/api'

register({ tsconfig: fileURLToPath(new URL('../../../../tsconfig.json', import.meta.url)) })
await import(new URL('./gateway-worker.ts', import.meta.url).href)
