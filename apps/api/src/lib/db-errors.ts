/** PostgreSQL's unique_violation, whether pg raised it directly or drizzle wrapped it as the cause. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/**
 * Runs a write whose uniqueness a check before it cannot promise: two requests may both pass the
 * check, and the database lets one in. The other gets `onDuplicate` instead of a 500.
 */
export async function unlessDuplicate<T>(write: () => Promise<T>, onDuplicate: () => Error): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw onDuplicate();
    throw error;
  }
}
