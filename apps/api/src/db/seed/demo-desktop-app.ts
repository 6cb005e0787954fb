import { Readable } from 'node:stream';
import type { Db } from '../client.ts';
import { desktopApp } from '../schema/desktop-app.ts';
import type { Storage } from '../../platform/storage/storage.ts';

/** Says what it is to whoever opens it: the demo has no real installer to give away. */
const PLACEHOLDER = [
  'CaseBridge desktop app – demo placeholder',
  '',
  'This text file is a placeholder for the CaseBridge desktop installer in the demo portal.',
  'It installs nothing. A manager replaces it under Desktop app in the manager area,',
  'with the real installer or a link to it, its version and release notes.',
  '',
].join('\n');

/** The desktop app the demo offers (issue 24 item 9): a small placeholder file with a version and notes. */
export async function seedDemoDesktopApp(db: Db, storage: Storage, managerId: number): Promise<void> {
  const bytes = Buffer.from(PLACEHOLDER, 'utf8');
  const stored = await storage.put('desktop-app', Readable.from(bytes), bytes.length + 1);
  await db.insert(desktopApp).values({
    version: '1.0.0-demo',
    releaseNotes: [
      'Demo release: a placeholder text file instead of a real installer.',
      '- Shows how the download works for labs and mills.',
      '- The manager sets the real installer or a link under Desktop app.',
    ].join('\n'),
    fileKey: stored.key,
    fileName: 'casebridge-desktop-placeholder.txt',
    fileSize: stored.size,
    updatedBy: managerId,
  });
}
