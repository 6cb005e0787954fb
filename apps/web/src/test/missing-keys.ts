import { onMissingKey } from '../lib/i18n.ts';

/**
 * Keys the current test showed raw (lib/i18n.ts reports them); test/setup.ts fails the test on
 * any. A test that shows one on purpose takes it out with `takeMissingKeys`.
 */
const shown: string[] = [];
onMissingKey((key) => shown.push(key));

export function takeMissingKeys(): string[] {
  return shown.splice(0);
}
