/** How one tool call ended, as the runtime, the audit log, the metrics and the usage rollups name it. */
export type ToolCallOutcome =
  | 'ok'
  | 'invalid_arguments'
  | 'tool_error'
  | 'timeout'
  | 'too_large'
  | 'cancelled'
  /** The tool could not run: missing, unavailable (its server not connected) or with invalid saved settings. */
  | 'unavailable'
  /** The caller lacks the `runtime` permission for an agent's assigned tool, or the tool policy or a person denied the call. */
  | 'denied'
  /** Held for a person's approval (counted in the metrics only: not yet a call). */
  | 'held'
  /** Refused past RUNTIME_RATE_PER_MINUTE (counted in the metrics and the call-rate windows only: not a call). */
  | 'throttled';

/** The error kinds usage counts; every outcome but `ok` is one of them. */
export const ERROR_KINDS = ['badArguments', 'toolError', 'timeout', 'unavailable', 'denied'] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

/** The error kind of an outcome; undefined for `ok`. An output past the limit or a caller that left counts as a tool error. */
export function errorKindOf(outcome: ToolCallOutcome): ErrorKind | undefined {
  switch (outcome) {
    case 'ok':
      return undefined;
    case 'invalid_arguments':
      return 'badArguments';
    case 'timeout':
      return 'timeout';
    case 'unavailable':
      return 'unavailable';
    case 'denied':
      return 'denied';
    default:
      return 'toolError';
  }
}
