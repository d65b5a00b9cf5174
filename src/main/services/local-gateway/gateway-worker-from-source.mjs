// Runs gateway-worker.ts in a worker thread straight from TypeScript source (browser mode under tsx,
// vitest): registers tsx's loader in this thread, then imports the entry. See start-gateway-worker.ts.
import { register } from 'tsx/esm/api'

register()
await import(new URL('./gateway-worker.ts', import.meta.url).href)
