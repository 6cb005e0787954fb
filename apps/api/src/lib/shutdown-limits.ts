/**
 * How long a shutdown may take after SIGTERM and the shutdown delay (SHUTDOWN_DELAY_MS): server.ts
 * keeps to them, and deploy/k8s's terminationGracePeriodSeconds must exceed them (deploy.test.ts).
 */

/** Requests still running this long after the drain began are cut off. */
export const DRAIN_LIMIT_MS = 10_000;
/** The drain and the rest of the shutdown, jobs and database included; past it the process exits with code 1. */
export const SHUTDOWN_LIMIT_MS = 25_000;
