import { LOCAL_PROFILE_ID } from '@shared/settings/settings-schema'
import { UserFacingError } from '../../services/user-facing-error'

/**
 * The x-simulate header is the local gateway's fault injection; a hosted gateway has no such thing.
 * One rule for running a request and for copying it as a command, so the two cannot disagree.
 */
export function refuseSimulateOutsideLocal(profileId: string, simulate: string | undefined): void {
  if (simulate && profileId !== LOCAL_PROFILE_ID) {
    throw new UserFacingError(
      'simulate_local_only',
      'Simulated faults exist only on the local gateway profile.',
    )
  }
}
