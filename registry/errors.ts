/** Why a tool name could not be resolved. */
export type ToolResolutionCode = 'unknown' | 'unavailable' | 'failed';

/** Thrown by `ToolRegistry.resolve`; the message is meant for admins and API clients. */
export class ToolResolutionError extends Error {
  override readonly name = 'ToolResolutionError';

  constructor(
    readonly code: ToolResolutionCode,
    readonly toolName: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
