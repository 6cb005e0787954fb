import type { Io } from './io.ts';

export type OptionSpec = Record<string, { type: 'string' | 'boolean'; short?: string; description: string; placeholder?: string }>;

export interface Context {
  io: Io;
  /** The configuration file in use. */
  configFile: string;
  /** A result line on stdout. */
  out(line: string): void;
  /** A note, warning or error on stderr. */
  err(line: string): void;
}

export interface Parsed {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
}

export interface Command {
  name: string;
  summary: string;
  /** `casebridge send <folder> --mill <id> [--name <name>]` */
  synopsis: string;
  /** Paragraphs after the synopsis in `--help`. */
  description: string;
  options: OptionSpec;
  positionals: { min: number; max: number };
  run(ctx: Context, args: Parsed): Promise<number>;
}

export function stringOption(args: Parsed, name: string): string | undefined {
  const value = args.values[name];
  return typeof value === 'string' ? value : undefined;
}

/** A positive integer option (ids), or undefined when absent. */
export function idOption(args: Parsed, name: string): number | undefined {
  const value = stringOption(args, name);
  if (value === undefined) return undefined;
  if (!/^[1-9]\d{0,9}$/.test(value)) throw new UsageError(`--${name} must be a number (an id), got "${value}"`);
  return Number(value);
}

/** Wrong arguments: the message, then the command's usage, exit code 1. */
export class UsageError extends Error {}
