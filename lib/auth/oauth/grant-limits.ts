/** The most agents one grant may name. */
export const MAX_GRANT_AGENTS = 500;
