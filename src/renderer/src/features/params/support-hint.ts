/**
 * A field's hint, plus a word when the model's catalog record does not list the parameter in
 * `supported_parameters` (the spec's models list neither `stop` nor `seed`): the control stays, since
 * the dialects carry it, but the user learns the model does not promise to honour it.
 */
export function supportHint(listed: boolean, hint = ''): string {
  return [hint, listed ? '' : "Not in this model's supported_parameters."].filter(Boolean).join(' ')
}
