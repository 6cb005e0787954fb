import { describe, expect, it } from 'vitest';
import { hashPassword, passwordProblem, verifyPassword } from './passwords.ts';

describe('password rules', () => {
  it('accepts long passphrases without composition rules', () => {
    expect(passwordProblem('correct horse battery')).toBeNull();
    expect(passwordProblem('alllowercaseletters')).toBeNull();
  });

  it('counts characters, not bytes, and refuses common and patterned passwords', () => {
    expect(passwordProblem('ééééééééééé')).toBe('PASSWORD_TOO_SHORT');
    expect(passwordProblem('Password1234')).toBe('PASSWORD_TOO_COMMON');
    expect(passwordProblem('zzzzzzzzzzzzzzzz')).toBe('PASSWORD_TOO_COMMON');
    expect(passwordProblem('3456789012345')).toBe('PASSWORD_TOO_COMMON');
    expect(passwordProblem('qwertyuiopasdfg')).toBe('PASSWORD_TOO_COMMON');
  });

  it("refuses the portal's name and the owner's own words (ASVS 6.2.11), not short names", () => {
    const owner = { email: 'ada.lovelace@lab.example', firstName: 'Augusta', lastName: 'Lovelace' };
    expect(passwordProblem('my-CaseBridge-account', owner)).toBe('PASSWORD_HAS_PERSONAL_WORDS');
    expect(passwordProblem('augusta-rides-horses', owner)).toBe('PASSWORD_HAS_PERSONAL_WORDS');
    expect(passwordProblem('horses-LOVELACE-ride', owner)).toBe('PASSWORD_HAS_PERSONAL_WORDS');
    expect(passwordProblem('xx-ada.lovelace-xx', owner)).toBe('PASSWORD_HAS_PERSONAL_WORDS');
    expect(passwordProblem('correct horse battery', owner)).toBeNull();
    expect(passwordProblem('ann-rides-the-horse', { firstName: 'Ann' })).toBeNull();
    // Without an owner only the portal's name counts.
    expect(passwordProblem('augusta-rides-horses')).toBeNull();
    expect(passwordProblem('casebridge-rides')).toBe('PASSWORD_HAS_PERSONAL_WORDS');
  });

  it('hashes with argon2id and verifies', async () => {
    const hash = await hashPassword('a-long-enough-secret');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'a-long-enough-secret')).toBe(true);
    expect(await verifyPassword(hash, 'a-long-enough-secreT')).toBe(false);
    expect(await verifyPassword(null, 'anything-at-all')).toBe(false);
  });
});
