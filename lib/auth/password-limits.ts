/** The shortest password accepted. */
export const MIN_PASSWORD_LENGTH = 12;
/** The longest password accepted (hashing cost stays bounded). */
export const MAX_PASSWORD_LENGTH = 256;
