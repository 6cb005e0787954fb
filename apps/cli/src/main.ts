import { run } from './run.ts';

// Ctrl-C: exit code 1 like any other failure. `send` keeps its progress on disk as it goes, so
// running the same command again resumes.
process.once('SIGINT', () => {
  process.stderr.write('\nInterrupted. (`casebridge send` resumes where it stopped when run again.)\n');
  process.exit(1);
});

process.exitCode = await run(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env });
