/**
 * A readable device name from a User-Agent header ("Firefox on Windows"): own patterns rather
 * than a parser package, because the list only has to tell a user's own devices apart, not
 * identify every browser (ADR 0021). First match wins, so the more specific names come first.
 */
const BROWSERS: [RegExp, string][] = [
  // Node's fetch, as the CLI sends it.
  [/^node$/, 'Command line'],
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|Chromium\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
  [/curl\//, 'curl'],
];

const SYSTEMS: [RegExp, string][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/CrOS/, 'ChromeOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

const firstMatch = (text: string, table: [RegExp, string][]) => table.find(([pattern]) => pattern.test(text))?.[1] ?? null;

/** The longest header we look at: a longer one is not a browser's. */
const MAX_AGENT = 512;

export function deviceName(userAgent: string | undefined): string {
  const agent = (userAgent ?? '').slice(0, MAX_AGENT);
  const browser = firstMatch(agent, BROWSERS);
  const system = firstMatch(agent, SYSTEMS);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'Unknown device';
}
