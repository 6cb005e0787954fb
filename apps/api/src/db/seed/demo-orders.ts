import { Readable } from 'node:stream';
import type { ComponentStatus } from '@casebridge/shared/constants/orders';
import type { Db } from '../client.ts';
import { componentFiles, components, messages, projects } from '../schema/orders.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import { crownMesh } from './demo-meshes.ts';

interface DemoOrder {
  name: string;
  daysAgo: number;
  parts: { name: string; status: ComponentStatus; meshes: number }[];
  conversation: { fromLab: boolean; text: string }[];
}

const DEMO_ORDERS: DemoOrder[] = [
  {
    name: 'Müller – crown 16',
    daysAgo: 0,
    parts: [{ name: 'Crown 16 zirconia', status: 'Open', meshes: 1 }],
    conversation: [{ fromLab: true, text: 'Shade A2, please. Patient appointment on Friday.' }],
  },
  {
    name: 'Schmidt – bridge 34-36',
    daysAgo: 1,
    parts: [
      { name: 'Bridge 34-36', status: 'Open', meshes: 2 },
      { name: 'Abutment 35', status: 'Open', meshes: 1 },
    ],
    conversation: [],
  },
  {
    name: 'Rossi – inlays',
    daysAgo: 3,
    parts: [
      { name: 'Inlay 26', status: 'Downloaded', meshes: 1 },
      { name: 'Inlay 27', status: 'Downloaded', meshes: 1 },
    ],
    conversation: [
      { fromLab: true, text: 'Margins are marked in the scan.' },
      { fromLab: false, text: 'Thanks, milling tomorrow morning.' },
    ],
  },
  {
    name: 'Dubois – veneers 11-21',
    daysAgo: 6,
    parts: [
      { name: 'Veneer 11', status: 'Closed', meshes: 1 },
      { name: 'Veneer 21', status: 'Closed', meshes: 1 },
    ],
    conversation: [{ fromLab: false, text: 'Shipped today.' }],
  },
  {
    name: 'Kowalski – implant crown 46',
    daysAgo: 9,
    parts: [{ name: 'Crown 46 on implant', status: 'Closed', meshes: 1 }],
    conversation: [],
  },
];

async function storeMesh(db: Db, storage: Storage, componentId: number, name: string, uploadedById: number, seed: number) {
  const mesh = crownMesh(4 + (seed % 3), 3 + (seed % 2), 2.5, 24, 6);
  const stored = await storage.put('documents', Readable.from(mesh), mesh.length + 1);
  await db.insert(componentFiles).values({
    componentId,
    kind: 'document',
    name,
    storageKey: stored.key,
    size: stored.size,
    sha256: stored.sha256,
    fileType: 'stl',
    uploadedById,
  });
}

/** Demo Lab's orders at Demo Mill: every status, files with real meshes, and conversations. */
export async function seedDemoOrders(
  db: Db,
  storage: Storage,
  ids: { millId: number; labId: number; labUserId: number; millUserId: number },
): Promise<void> {
  let seed = 0;
  // Oldest first, so ids grow with time as real orders' do: lists of the latest ids read 5, 4, 3.
  for (const order of DEMO_ORDERS.toSorted((a, b) => b.daysAgo - a.daysAgo)) {
    const createdAt = new Date(Date.now() - order.daysAgo * 86_400_000 - 3_600_000);
    const [project] = await db
      .insert(projects)
      .values({ millId: ids.millId, labId: ids.labId, authorId: ids.labUserId, name: order.name, submittedAt: createdAt, createdAt })
      .returning();
    let firstComponentId: number | null = null;
    for (const part of order.parts) {
      const [component] = await db
        .insert(components)
        .values({ projectId: project!.id, name: part.name, status: part.status, createdAt })
        .returning();
      firstComponentId ??= component!.id;
      for (let m = 0; m < part.meshes; m++) {
        const fileName = `${part.name.replace(/\s+/g, '_')}${m ? `_${m + 1}` : ''}.stl`;
        await storeMesh(db, storage, component!.id, fileName, ids.labUserId, seed++);
      }
    }
    for (const [i, line] of order.conversation.entries()) {
      await db.insert(messages).values({
        projectId: project!.id,
        componentId: firstComponentId,
        authorId: line.fromLab ? ids.labUserId : ids.millUserId,
        message: line.text,
        createdAt: new Date(createdAt.getTime() + (i + 1) * 600_000),
      });
    }
  }
}
