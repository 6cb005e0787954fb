// The browser journeys need a real Chromium; fail loudly with the fix instead of skipping them.
import { accessSync, constants } from 'node:fs';

const candidate = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
try {
  accessSync(candidate, constants.X_OK);
} catch {
  console.error(
    `\nChromium was not found at ${candidate}.\n` +
      'The end-to-end tests drive a real browser. Install it, then run npm test again:\n' +
      '  Debian/Ubuntu:  sudo apt-get install -y chromium\n' +
      '  elsewhere:      install Chromium or Chrome and set CHROMIUM_PATH=/path/to/chromium\n',
  );
  process.exit(1);
}
