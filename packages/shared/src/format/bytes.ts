const UNITS = ['KiB', 'MiB', 'GiB', 'TiB'] as const;

/**
 * A file size for people, in binary units with one decimal ("512 B", "1.5 MiB"), so the web app,
 * the command-line client and the order report show the same figure for the same file.
 */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  let value = bytes / 1024;
  let unit = 0;
  // Compare the rounded figure, so 1,048,575 bytes reads "1.0 MiB" and not "1024.0 KiB".
  while (Number(value.toFixed(1)) >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${UNITS[unit]}`;
}
