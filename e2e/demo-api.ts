import { inject } from 'vitest';
import { DEMO_PASSWORD } from './browser.ts';

/** Calls the portal's API as a demo account; a refusal fails the journey with its body. */
export async function demoApi(email: string) {
  const call = async (path: string, init: RequestInit & { token?: string } = {}) => {
    const headers = {
      ...(init.body !== undefined && { 'Content-Type': 'application/json' }),
      ...(init.token && { Authorization: `Bearer ${init.token}` }),
    };
    const response = await fetch(`${inject('baseUrl')}/api${path}`, { ...init, headers });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<unknown>;
  };
  const credentials = JSON.stringify({ identifier: email, password: DEMO_PASSWORD });
  const { jwt: token } = (await call('/auth/local', { method: 'POST', body: credentials })) as { jwt: string };
  const me = (await call('/users/me', { token })) as {
    user: { id: number };
    mills: { id: number }[];
    dealer: { id: number } | null;
  };
  const send = (path: string, method: string, body?: unknown) =>
    call(path, { method, token, ...(body !== undefined && { body: JSON.stringify(body) }) });
  return {
    me,
    send,
    /** The account's first mill; a dealer or the manager has none. */
    get millId() {
      if (!me.mills[0]) throw new Error(`${email} belongs to no mill`);
      return me.mills[0].id;
    },
  };
}

/**
 * Demo Lab sends `count` one-component orders named `<prefix> 1…count` to its mill; returns their
 * ids in that order, the mill's id and the lab user's id (the mill's client page is theirs).
 */
export async function sendOrders(prefix: string, count: number) {
  const lab = await demoApi('lab@demo-lab.test');
  const orderIds: number[] = [];
  for (let n = 1; n <= count; n++) {
    const order = { millId: lab.millId, name: `${prefix} ${n}`, components: [{ name: 'Crown' }] };
    const { id } = (await lab.send('/orders', 'POST', order)) as { id: number };
    await lab.send(`/orders/${id}/submit`, 'POST');
    orderIds.push(id);
  }
  return { orderIds, millId: lab.millId, labUserId: lab.me.user.id, lab };
}
