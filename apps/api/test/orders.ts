import { addMillUser, createLab, createMill, signIn } from './factories.ts';
import { multipartForm } from './multipart.ts';
import type { TestApp } from './test-app.ts';

/** A binary STL with one triangle: 80-byte header, count, 50 bytes per facet. */
export function binaryStl(triangles = 1): Buffer {
  const buffer = Buffer.alloc(84 + 50 * triangles);
  buffer.write('casebridge test mesh', 0, 'latin1');
  buffer.writeUInt32LE(triangles, 80);
  for (let i = 0; i < triangles; i++) {
    const o = 84 + i * 50;
    [0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0].forEach((v, k) => buffer.writeFloatLE(v, o + k * 4));
  }
  return buffer;
}

export function multipartFile(field: string, filename: string, content: Buffer) {
  return multipartForm({}, { field, name: filename, content });
}

/** A lab sends an order as the web app and the CLI do: create, upload, submit. */
export async function sendOrder(
  t: TestApp,
  labJwt: string,
  millId: number,
  options: { name?: string; components?: string[]; files?: { name: string; content: Buffer }[]; submit?: boolean } = {},
) {
  const created = await t.request({
    method: 'POST',
    url: '/api/orders',
    token: labJwt,
    payload: { millId, name: options.name ?? 'Case 1', components: (options.components ?? ['Crown 11']).map((name) => ({ name })) },
  });
  if (created.statusCode !== 200) throw new Error(`create order failed: ${created.body}`);
  const order = created.json() as { id: number; components: { id: number; name: string }[] };
  for (const file of options.files ?? [{ name: 'crown.stl', content: binaryStl() }]) {
    const uploaded = await t.request({
      method: 'POST',
      url: `/api/orders/${order.id}/components/${order.components[0]!.id}/documents`,
      token: labJwt,
      ...multipartFile('files.file', file.name, file.content),
    });
    if (uploaded.statusCode !== 200) throw new Error(`upload failed: ${uploaded.body}`);
  }
  if (options.submit !== false) await t.request({ method: 'POST', url: `/api/orders/${order.id}/submit`, token: labJwt });
  return order;
}

/** A mill with an admin, a plain user and a confirmed lab client, all signed in: where orders happen. */
export async function orderWorkspace(t: TestApp) {
  const m = await createMill(t.db);
  const staff = await addMillUser(t.db, m.mill.id, m.company.id, 'user');
  const lab = await createLab(t.db, { clientOf: m.mill.id });
  return {
    ...m,
    lab,
    staff,
    adminJwt: await signIn(t, m.admin.email),
    staffJwt: await signIn(t, staff.email),
    labJwt: await signIn(t, lab.user.email),
  };
}
