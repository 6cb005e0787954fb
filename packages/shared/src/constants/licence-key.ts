/** Licence tickets and activation keys: five groups of five upper-case letters or digits. */
export const LICENCE_KEY_PATTERN = /^[A-Z0-9]{5}(-[A-Z0-9]{5}){4}$/;

/** Accepts lower case and surrounding blanks from people typing a key; returns the canonical form. */
export function normaliseLicenceKey(raw: string): string {
  return raw.trim().toUpperCase();
}
