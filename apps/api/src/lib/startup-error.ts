/**
 * A start that cannot go on because of something the person starting it must change (a setting,
 * a taken port, a database another process uses). Its message is the whole story: it is printed
 * as one line, without a stack trace, which would only suggest a bug.
 */
export class StartupError extends Error {
  override name = 'StartupError';
}

/** Ends a failed start: a StartupError as its one line, anything else (a bug) with its stack. */
export function exitAfterFailedStart(error: unknown): never {
  console.error(error instanceof StartupError ? error.message : error);
  process.exit(1);
}
