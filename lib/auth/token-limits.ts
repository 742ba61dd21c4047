/** The longest API token name. */
export const MAX_TOKEN_NAME_LENGTH = 100;

/** The most agents one token may name (more: give it all agents). */
export const MAX_TOKEN_AGENTS = 200;
