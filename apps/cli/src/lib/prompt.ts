import readline from 'node:readline';

/**
 * Asks on stderr and reads one line from stdin. With `secret`, nothing typed is echoed (the
 * password); when stdin is not a terminal the line is read as it comes (`echo pw | casebridge
 * login` works, though CASEBRIDGE_PASSWORD is the documented way for scripts).
 */
export function ask(question: string, options: { secret?: boolean } = {}): Promise<string> {
  const input = process.stdin;
  const output = process.stderr;
  const terminal = Boolean(input.isTTY && output.isTTY);
  const rl = readline.createInterface({ input, output, terminal });
  let muted = false;
  if (options.secret && terminal) {
    // readline echoes through this method; silence it once the question is written.
    const writable = rl as unknown as { _writeToOutput: (text: string) => void };
    writable._writeToOutput = (text: string) => {
      if (!muted) output.write(text);
    };
  }
  return new Promise((resolve, reject) => {
    let answered = false;
    rl.on('close', () => {
      if (!answered) reject(new Error('no input (stdin closed)'));
    });
    rl.on('SIGINT', () => {
      rl.close();
      output.write('\n');
      process.exit(1);
    });
    rl.question(question, (answer) => {
      answered = true;
      if (muted) output.write('\n');
      rl.close();
      resolve(answer);
    });
    muted = Boolean(options.secret && terminal);
  });
}
