/** Length-only policy (NIST SP 800-63B): no composition rules; common passwords are refused on the server. */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;
