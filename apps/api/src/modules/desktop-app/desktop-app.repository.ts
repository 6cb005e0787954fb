import type { Db } from '../../db/client.ts';
import { desktopApp } from '../../db/schema/desktop-app.ts';

export type DesktopAppRow = typeof desktopApp.$inferSelect;
export type DesktopAppValues = Omit<typeof desktopApp.$inferInsert, 'id' | 'updatedAt'>;

export async function findDesktopApp(db: Db): Promise<DesktopAppRow | null> {
  const [row] = await db.select().from(desktopApp);
  return row ?? null;
}

/** Locks the one row for the rest of the transaction, so two saves cannot both replace the same installer. */
export async function lockDesktopApp(db: Db): Promise<DesktopAppRow | null> {
  const [row] = await db.select().from(desktopApp).for('update');
  return row ?? null;
}

/** Every column is written: a link clears an installer's columns, and an installer the link. */
export async function saveDesktopApp(db: Db, values: DesktopAppValues): Promise<DesktopAppRow> {
  const full = { url: null, fileKey: null, fileName: null, fileSize: null, ...values, updatedAt: new Date() };
  const [row] = await db
    .insert(desktopApp)
    .values({ id: 1, ...full })
    .onConflictDoUpdate({ target: desktopApp.id, set: full })
    .returning();
  return row!;
}
