/**
 * Downloads go through a one-time link the API hands out (ADR 0003): ask for it with the bearer
 * token, then let the browser navigate to it (the response is an attachment, so the page stays).
 */
export async function followLink(getLink: () => Promise<{ url: string }>): Promise<void> {
  const { url } = await getLink();
  window.location.assign(url);
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

export function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot < 0 ? '' : filename.slice(dot + 1).toLowerCase();
}
