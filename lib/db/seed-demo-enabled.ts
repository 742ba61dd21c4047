import 'server-only';

/** The values of SEED_DEMO that turn the demo seed off, compared without case or surrounding space. */
const OFF_VALUES: ReadonlySet<string> = new Set(['0', 'false', 'no', 'off']);

/** Whether SEED_DEMO lets an empty database get the demo agent: yes unless it says 0, false, no or off. */
export function isSeedDemoEnabled(value: string | undefined): boolean {
  return !OFF_VALUES.has(value?.trim().toLowerCase() ?? '');
}
