import { PASSWORD_MIN_LENGTH } from '@casebridge/shared/constants/passwords';

/**
 * Passwords that meet the length rule yet are guessed first by anyone attacking an account
 * (ASVS 5.0 6.2.4, 6.2.12): the 49,233 passwords most common in public breaches, as zxcvbn-ts
 * ships them, plus our own list of long ones in the portal's languages and trade, keyboard walks
 * and repetitions. Patterns catch the variants a list cannot enumerate (one repeated character,
 * ascending digit runs).
 */
const LIST = new Set([
  '123456789012',
  '1234567890123',
  '12345678901234',
  '123456789123',
  '1234567891011',
  '123123123123',
  '111111111111',
  '000000000000',
  '121212121212',
  '123412341234',
  '987654321098',
  '147258369147',
  'password1234',
  'password12345',
  'password123456',
  'passwordpassword',
  'password1234567',
  'qwertyuiopasdf',
  'qwertyuiop12',
  'qwertyuiop123',
  'qwerty123456',
  'qwerty1234567',
  'qwertyqwerty',
  'qwertzuiopasd',
  'qwertzuiop12',
  'asdfghjklzxc',
  'azertyuiopqs',
  '1q2w3e4r5t6y',
  '1q2w3e4r5t6y7u',
  'q1w2e3r4t5y6',
  'zaq12wsxcde3',
  '1qaz2wsx3edc',
  'qazwsxedcrfv',
  'abcdefghijkl',
  'abcdefghijklm',
  'abc123abc123',
  'abcd1234abcd',
  'iloveyou1234',
  'iloveyouiloveyou',
  'letmein12345',
  'welcome12345',
  'welcome123456',
  'administrator',
  'administrator1',
  'admin1234567',
  'adminadmin12',
  'changeme1234',
  'trustno1trustno1',
  'football1234',
  'baseball1234',
  'princess1234',
  'sunshine1234',
  'superman1234',
  'starwars1234',
  'dragon123456',
  'monkey123456',
  'master123456',
  'shadow123456',
  'michael12345',
  'passw0rd1234',
  'p@ssw0rd1234',
  'p@ssword1234',
  'secret123456',
  'mypassword12',
  'mypassword123',
  'thisismypassword',
  'correcthorsebatterystaple',
  'hallo1234567',
  'passwort1234',
  'passwort12345',
  'motdepasse12',
  'contraseña123',
  'contrasena123',
  'haslo1234567',
  'password2024',
  'password2025',
  'password2026',
  'casebridge12',
  'casebridge123',
  'casebridge1234',
  'dentallab1234',
  'milling12345',
]);

let breached: Promise<Set<string>> | undefined;

/**
 * The breach list, loaded on first use: decompressing it takes about 0.3 s, which every process
 * start (and every test file) would pay otherwise. Only entries the length rule lets through are
 * kept (a few hundred): a shorter password is refused for its length first.
 */
function breachedPasswords(): Promise<Set<string>> {
  breached ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => {
    const long = dictionary['passwords-common'].filter((entry) => [...entry].length >= PASSWORD_MIN_LENGTH);
    return new Set(long.map((entry) => entry.toLowerCase()));
  });
  return breached;
}

export async function isCommonPassword(password: string): Promise<boolean> {
  const lower = password.toLowerCase();
  if (LIST.has(lower)) return true;
  if (/^(.)\1+$/.test(lower)) return true;
  if ('01234567890123456789'.includes(lower) || '98765432109876543210'.includes(lower)) return true;
  if ('abcdefghijklmnopqrstuvwxyz'.includes(lower) || 'qwertyuiopasdfghjklzxcvbnm'.includes(lower)) return true;
  return (await breachedPasswords()).has(lower);
}
