import { MAX_BUSY_MS, SIMULATE_HEADER } from '@shared/runs/simulate-header'

/** What `npm run gateway -- --help` prints about fault injection (the directives: shared/runs/simulate-header.ts). */
export const SIMULATE_HEADER_HELP = `Fault injection with the ${SIMULATE_HEADER} request header (simulator engine):
  Add "x-simulate: <directive>[, <directive>...]" (commas or semicolons) to a chat request.

  status=<400-599>        Answer with this HTTP error before streaming, in the client's dialect
                          (429 rate limit, 529/503 overloaded, 500 server error, ...).
  retry-after=<seconds>   With status: also send a retry-after header.
  midstream-error         Stream a few tokens, then an in-band "overloaded" error; no terminal event.
  drop-after=<n>          Cut the connection after n content parts, without any terminal event.
  ttft-ms=<ms>            Time to first token for this request.
  tokens-per-second=<n>   Streaming speed for this request (decimals allowed).
  busy-ms=<ms>            Keep the gateway's thread busy computing for this long (at most ${MAX_BUSY_MS})
                          before answering: every other request it serves waits meanwhile, as
                          behind a runaway request. (The app's gateway runs off its main thread.)

  Examples:
    x-simulate: status=429, retry-after=2
    x-simulate: ttft-ms=800; tokens-per-second=3000
    x-simulate: midstream-error

  An invalid directive is answered with a 400 naming x-simulate. Start the gateway with
  --no-fault-injection to ignore the header.`
