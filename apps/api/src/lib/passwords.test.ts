import { describe, expect, it } from 'vitest';
import { hashPassword, passwordProblem, verifyPassword } from './passwords.ts';

describe('password rules', () => {
  it('accepts long passphrases without composition rules', async () => {
    expect(await passwordProblem('correct horse battery')).toBeNull();
    expect(await passwordProblem('alllowercaseletters')).toBeNull();
  });

  it('counts characters, not bytes, and refuses common and patterned passwords', async () => {
    expect(await passwordProblem('ééééééééééé')).toBe('PASSWORD_TOO_SHORT');
    expect(await passwordProblem('Password1234')).toBe('PASSWORD_TOO_COMMON');
    // From the breach list only (zxcvbn-ts), in any case.
    expect(await passwordProblem('MailCreated5240')).toBe('PASSWORD_TOO_COMMON');
    expect(await passwordProblem('123qweasdzxc')).toBe('PASSWORD_TOO_COMMON');
    expect(await passwordProblem('zzzzzzzzzzzzzzzz')).toBe('PASSWORD_TOO_COMMON');
    expect(await passwordProblem('3456789012345')).toBe('PASSWORD_TOO_COMMON');
    expect(await passwordProblem('qwertyuiopasdfg')).toBe('PASSWORD_TOO_COMMON');
  });

  it("refuses the portal's name and the owner's own words (ASVS 6.2.11), not short names", async () => {
    const owner = { email: 'ada.lovelace@lab.example', firstName: 'Augusta', lastName: 'Lovelace' };
    expect(await passwordProblem('my-CaseBridge-account', owner)).toBe('PASSWORD_HAS_PERSONAL_WORDS');
    expect(await passwordProblem('augusta-rides-horses', owner)).toBe('PASSWORD_HAS_PERSONAL_WORDS');
    expect(await passwordProblem('horses-LOVELACE-ride', owner)).toBe('PASSWORD_HAS_PERSONAL_WORDS');
    expect(await passwordProblem('xx-ada.lovelace-xx', owner)).toBe('PASSWORD_HAS_PERSONAL_WORDS');
    expect(await passwordProblem('correct horse battery', owner)).toBeNull();
    expect(await passwordProblem('ann-rides-the-horse', { firstName: 'Ann' })).toBeNull();
    // Without an owner only the portal's name counts.
    expect(await passwordProblem('augusta-rides-horses')).toBeNull();
    expect(await passwordProblem('casebridge-rides')).toBe('PASSWORD_HAS_PERSONAL_WORDS');
  });

  it('hashes with argon2id and verifies', async () => {
    const hash = await hashPassword('a-long-enough-secret');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'a-long-enough-secret')).toBe(true);
    expect(await verifyPassword(hash, 'a-long-enough-secreT')).toBe(false);
    expect(await verifyPassword(null, 'anything-at-all')).toBe(false);
  });
});
