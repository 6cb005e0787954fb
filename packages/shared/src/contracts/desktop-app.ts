import { desktopAppDetailsSchema, desktopAppResponseSchema, desktopAppUpdateSchema } from '../schemas/desktop-app.ts';
import { commonRefusals, defineEndpoint, uploadRefusals } from './core.ts';

/** The desktop app on offer (issue 24 item 9). The installer download itself is a binary stream and has no contract. */
const tags = ['desktop-app'] as const;

export const getDesktopApp = defineEndpoint({
  method: 'GET',
  path: '/desktop-app',
  summary: 'The desktop app on offer: version, release notes and where to download it (release null when none is set)',
  tags,
  access: 'public',
  // Always an answer, never a 404: a page that shows the release asks before anyone clicks.
  responses: { 200: desktopAppResponseSchema },
});

export const updateDesktopApp = defineEndpoint({
  method: 'PUT',
  path: '/desktop-app',
  summary: 'Set the desktop app to an external https link, or (without url) change the version and notes of the current download (manager)',
  tags,
  access: 'desktopApp.manage',
  body: desktopAppUpdateSchema,
  // 400 FILE_REQUIRED under url: no link given and none or no installer to keep.
  responses: { 200: desktopAppResponseSchema, ...commonRefusals },
});

export const uploadDesktopInstaller = defineEndpoint({
  method: 'POST',
  path: '/desktop-app/installer',
  summary: 'Upload the desktop app installer (manager; multipart: data {version, releaseNotes}, files.file; at most 1 GB)',
  tags,
  access: 'desktopApp.manage',
  multipart: { file: 'file', data: desktopAppDetailsSchema },
  responses: { 200: desktopAppResponseSchema, ...uploadRefusals },
});
