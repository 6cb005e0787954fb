import { z } from 'zod';
import { lineSchema, textSchema } from './common.ts';

/** What the manager says about a release of the desktop app (issue 24 item 9). */
export const desktopAppDetailsSchema = z.strictObject({
  version: lineSchema.trim().min(1).max(40),
  releaseNotes: textSchema.max(4000),
});
export type DesktopAppDetails = z.infer<typeof desktopAppDetailsSchema>;

/** An external installer link: https only, so the portal never sends anyone to a plain-text download. */
export const desktopAppLinkSchema = z.url({ protocol: /^https$/, hostname: z.regexes.domain }).max(2000);

/**
 * `PUT /desktop-app`: the details, with a new link, or without one to keep the current download
 * (a link or an uploaded installer) and change only the version and notes.
 */
export const desktopAppUpdateSchema = desktopAppDetailsSchema.extend({ url: desktopAppLinkSchema.optional() });
export type DesktopAppUpdate = z.infer<typeof desktopAppUpdateSchema>;

export const desktopAppReleaseSchema = z.object({
  version: z.string(),
  releaseNotes: z.string(),
  /** `link`: an external https address; `file`: an installer the portal serves itself. */
  kind: z.enum(['link', 'file']),
  /** Where the browser goes to download: the external link, or the portal's installer address. */
  url: z.string(),
  fileName: z.string().nullable(),
  fileSize: z.number().nullable(),
  updatedAt: z.string(),
});
export type DesktopAppRelease = z.infer<typeof desktopAppReleaseSchema>;

/** Always an answer, never a 404: a page that shows the release asks before anyone clicks. */
export const desktopAppResponseSchema = z.object({ release: desktopAppReleaseSchema.nullable() });
export type DesktopAppResponse = z.infer<typeof desktopAppResponseSchema>;

/** The largest installer the portal keeps (the upload streams to storage; nothing is held in memory). */
export const DESKTOP_APP_MAX_BYTES = 1024 * 1024 * 1024;
