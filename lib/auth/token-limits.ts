/** The longest API token name. */
export const MAX_TOKEN_NAME_LENGTH = 100;
