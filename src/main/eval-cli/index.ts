// The eval CLI's front door for what runs evaluations headless besides `npm run eval` (bench:eval):
// its composition root and its default targets. Scripts never reach into src/main/services (lint).
export { createEvalCliServices } from './eval-cli-services'
export { defaultTargets } from './eval-args'
