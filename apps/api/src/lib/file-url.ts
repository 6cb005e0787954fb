/**
 * Where the API serves a stored avatar or logo (modules/uploads): its storage key under
 * `/api/uploads/`. The key's random name is the capability, so the URL needs no token.
 */
export function fileUrl(key: string | null): { url: string } | null {
  return key ? { url: `/api/uploads/${key}` } : null;
}
