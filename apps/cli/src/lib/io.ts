/** Where a command writes and what it may read: the real process in main.ts, fakes in tests. */
export interface Output {
  write(chunk: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

/** Test-only knobs of `send`: small tus chunks and a way to cut an upload off after a chunk. */
export interface SendHooks {
  chunkSize?: number;
  /** Called after each chunk the server accepted; return true to abort the upload there. */
  afterChunk?: (file: string, bytesAccepted: number, bytesTotal: number) => boolean;
  /** tus retry delays; tests pass [] so a refused request fails at once. */
  retryDelays?: number[];
}

export interface Io {
  stdout: Output;
  stderr: Output;
  env: Record<string, string | undefined>;
  /** Overrides $CASEBRIDGE_CONFIG and ~/.config/casebridge/config.json. */
  configPath?: string;
  /** Reads a line with echo off (the password); defaults to the terminal prompt. */
  readSecret?: (prompt: string) => Promise<string>;
  /** Reads a visible line (the email); defaults to the terminal prompt. */
  readLine?: (prompt: string) => Promise<string>;
  sendHooks?: SendHooks;
}

/** Raised for problems the user can act on: printed as `error: <message>`, exit code 1. */
export class CliError extends Error {}
