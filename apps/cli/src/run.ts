import { parseArgs } from 'node:util';
import { loginCommand } from './commands/login.ts';
import { logoutCommand } from './commands/logout.ts';
import { pullCommand } from './commands/pull.ts';
import { sendCommand } from './commands/send.ts';
import { usageCommand } from './commands/usage.ts';
import { whoamiCommand } from './commands/whoami.ts';
import { ApiError } from './lib/api.ts';
import { UsageError, type Command, type Context } from './lib/command.ts';
import { configPath } from './lib/config.ts';
import { CliError, type Io } from './lib/io.ts';

export type { Io } from './lib/io.ts';

export const COMMANDS: Command[] = [loginCommand, logoutCommand, whoamiCommand, sendCommand, pullCommand, usageCommand];

function mainHelp(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return [
    'casebridge — send orders to a mill (labs) and pull them (mills) from the command line',
    '',
    'Usage: casebridge <command> [options]',
    '',
    'Commands:',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'Run `casebridge <command> --help` for the options of one command.',
    'Configuration: $CASEBRIDGE_CONFIG, or ~/.config/casebridge/config.json.',
    '',
  ].join('\n');
}

export function commandHelp(command: Command): string {
  const options: [string, string][] = Object.entries(command.options).map(([name, spec]) => [
    `--${name}${spec.type === 'string' ? ` <${spec.placeholder ?? 'value'}>` : ''}`,
    spec.description,
  ]);
  options.push(['-h, --help', 'show this help']);
  const width = Math.max(...options.map(([flag]) => flag.length));
  return [
    `Usage: ${command.synopsis}`,
    '',
    command.summary,
    '',
    ...command.description.split('\n\n').flatMap((paragraph) => [...wrap(paragraph, 90), '']),
    'Options:',
    ...options.map(([flag, text]) => `  ${flag.padEnd(width)}  ${text}`),
    '',
  ].join('\n');
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + word.length + 1 > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * The whole CLI: parses argv (without `node casebridge`), runs one command, and turns every
 * failure into a message on stderr. Resolves with the exit code (0 or 1); never exits itself.
 */
export async function run(argv: string[], io: Io): Promise<number> {
  const ctx: Context = {
    io,
    configFile: configPath(io),
    out: (line) => io.stdout.write(`${line}\n`),
    err: (line) => io.stderr.write(`${line}\n`),
  };
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    const topic = name === 'help' ? COMMANDS.find((c) => c.name === rest[0]) : undefined;
    io.stdout.write(topic ? commandHelp(topic) : mainHelp());
    return name === undefined ? 1 : 0;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    ctx.err(`error: unknown command "${name}"`);
    io.stderr.write(mainHelp());
    return 1;
  }
  try {
    const options = Object.fromEntries(
      Object.entries(command.options).map(([key, spec]) => [key, { type: spec.type, ...(spec.short ? { short: spec.short } : {}) }]),
    );
    const parsed = parseArgs({
      args: rest,
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
    if (parsed.values.help) {
      io.stdout.write(commandHelp(command));
      return 0;
    }
    const { min, max } = command.positionals;
    if (parsed.positionals.length < min)
      throw new UsageError(`missing argument: ${command.synopsis.split(' ').find((word) => word.startsWith('<'))}`);
    if (parsed.positionals.length > max) throw new UsageError(`unexpected argument: ${parsed.positionals[max]}`);
    return await command.run(ctx, {
      values: parsed.values,
      positionals: parsed.positionals,
    });
  } catch (error) {
    if (error instanceof UsageError || isArgumentError(error)) {
      ctx.err(`error: ${error.message}`);
      ctx.err(`Usage: ${command.synopsis} (see \`casebridge ${command.name} --help\`)`);
      return 1;
    }
    if (error instanceof CliError || error instanceof ApiError) {
      ctx.err(`error: ${error.message}`);
      return 1;
    }
    // Anything may be thrown, null included: the handler itself must not fail on it.
    ctx.err(`error: ${error instanceof Error ? error.message : String(error)}`);
    if (io.env.CASEBRIDGE_DEBUG && error instanceof Error) ctx.err(String(error.stack));
    return 1;
  }
}

/** An error of `parseArgs` (an unknown option, a missing value): told like a usage error. */
function isArgumentError(error: unknown): error is Error {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' && error.code.startsWith('ERR_PARSE_ARGS');
}
