import { signIn } from '@casebridge/shared/contracts/auth';
import { answerSecondFactor } from '@casebridge/shared/contracts/passkeys';
import type { AuthResponse } from '@casebridge/shared/schemas/auth';
import type { SignInChallenge } from '@casebridge/shared/schemas/two-factor';
import { Api, ApiError } from '../lib/api.ts';
import { stringOption, type Command, type Context, type Parsed } from '../lib/command.ts';
import { DEFAULT_URL, normalizeUrl, readConfig, writeConfig } from '../lib/config.ts';
import { CliError } from '../lib/io.ts';
import { ask } from '../lib/prompt.ts';

export const loginCommand: Command = {
  name: 'login',
  summary: 'Sign in to a portal and remember the session',
  synopsis: 'casebridge login [--url <portal>] [--email <email>] [--code <code>]',
  description: [
    `Asks for the password (it is never taken as an argument; scripts may set CASEBRIDGE_PASSWORD). The portal ` +
      `URL defaults to the one used last, else ${DEFAULT_URL}; the email is asked for when not given.`,
    'With two-factor sign-in on, the code of your authenticator app (or a recovery code) is asked for after the password, ' +
      'or taken from --code.',
    'The session is stored in $CASEBRIDGE_CONFIG, or ~/.config/casebridge/config.json, readable only by you (mode 0600).',
  ].join('\n\n'),
  options: {
    url: { type: 'string', description: `the portal (default: the last one, else ${DEFAULT_URL})`, placeholder: 'url' },
    email: { type: 'string', description: 'your sign-in email (asked for when missing)', placeholder: 'email' },
    code: { type: 'string', description: 'the authenticator code or a recovery code (asked for when needed)', placeholder: 'code' },
  },
  positionals: { min: 0, max: 0 },
  run: login,
};

async function login(ctx: Context, args: Parsed): Promise<number> {
  const previous = await readConfig(ctx.configFile).catch(() => null);
  const url = normalizeUrl(stringOption(args, 'url') ?? previous?.url ?? DEFAULT_URL);
  const readLine = ctx.io.readLine ?? ((prompt: string) => ask(prompt));
  const readSecret = ctx.io.readSecret ?? ((prompt: string) => ask(prompt, { secret: true }));

  let email = stringOption(args, 'email');
  if (!email) {
    const last = previous?.url === url ? previous.email : undefined;
    email = (await prompted(() => readLine(last ? `Email [${last}]: ` : 'Email: '))).trim() || last;
  }
  if (!email) throw new CliError('An email is needed to sign in (--email).');
  const password = ctx.io.env.CASEBRIDGE_PASSWORD ?? (await prompted(() => readSecret(`Password for ${email}: `)));
  if (!password) throw new CliError('An empty password cannot be right.');

  let session: AuthResponse;
  try {
    const answer = await new Api(url).call(signIn, { body: { identifier: email, password } });
    session = 'challenge' in answer ? await secondFactor(url, answer.challenge, () => code(args, readLine)) : answer;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 400 || error.status === 401))
      throw new CliError(`Sign-in failed: ${error.serverMessage || 'wrong email or password'}.`);
    if (error instanceof ApiError && error.status === 404) throw new CliError(`${url} has no CaseBridge sign-in (404): is the URL right?`);
    throw error;
  }
  await writeConfig(ctx.configFile, { url, email, token: session.jwt });
  ctx.out(
    `Signed in to ${url} as ${session.user.email} (${session.user.role.type} user${session.user.company ? `, ${session.user.company.name}` : ''}).`,
  );
  for (const mill of session.mills) ctx.out(`  mill ${mill.id}: ${mill.company.name}${mill.millRole ? ` (${mill.millRole})` : ''}`);
  return 0;
}

/** The sign-in's second step (the portal's ADR 0020): a code for the challenge, which answers the session. */
async function secondFactor(url: string, challenge: SignInChallenge['challenge'], readCode: () => Promise<string>): Promise<AuthResponse> {
  if (challenge.kind === 'enrol')
    throw new CliError(
      'Your organisation requires two-factor sign-in: set up an authenticator app in the web app first, then sign in here.',
    );
  // A passkey needs a browser (WebAuthn); the command line signs in only with a code (ADR 0023).
  if (!challenge.methods.includes('totp'))
    throw new CliError(
      'Your account signs in with a passkey only, which needs a browser: set up an authenticator app in the web app (Account, Two-factor sign-in) to sign in here with --code.',
    );
  return new Api(url).call(answerSecondFactor, { body: { token: challenge.token, code: (await readCode()).trim() } });
}

async function code(args: Parsed, readLine: (prompt: string) => Promise<string>): Promise<string> {
  return stringOption(args, 'code') ?? (await prompted(() => readLine('Authenticator code (or a recovery code): ')));
}

async function prompted(read: () => Promise<string>): Promise<string> {
  try {
    return await read();
  } catch {
    throw new CliError('No input: give --email, and set CASEBRIDGE_PASSWORD when there is no terminal to type the password in.');
  }
}
