/** A `true`/`false` query parameter as a boolean, or undefined when it was not sent. */
export const queryFlag = (value: 'true' | 'false' | undefined): boolean | undefined =>
  value === undefined ? undefined : value === 'true';
