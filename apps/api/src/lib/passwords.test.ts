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

  it('hashes with argon2id and verifies', async () => {
    const hash = await hashPassword('a-long-enough-secret');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'a-long-enough-secret')).toBe(true);
    expect(await verifyPassword(hash, 'a-long-enough-secreT')).toBe(false);
    expect(await verifyPassword(null, 'anything-at-all')).toBe(false);
  });
});
