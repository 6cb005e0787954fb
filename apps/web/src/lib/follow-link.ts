/**
 * Downloads go through a one-time link the API hands out (ADR 0003): ask for it with the bearer
 * token, then let the browser navigate to it (the response is an attachment, so the page stays).
 */
export async function followLink(getLink: () => Promise<{ url: string }>): Promise<void> {
  const { url } = await getLink();
  window.location.assign(url);
}
