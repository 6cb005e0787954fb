import { startRegistration } from '@simplewebauthn/browser';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addPasskey, listPasskeys, passkeyRegistrationOptions, removePasskey, renamePasskey } from '@casebridge/shared/contracts/passkeys';
import { twoFactorStatus } from '@casebridge/shared/contracts/two-factor';
import type { Passkey } from '@casebridge/shared/schemas/passkeys';
import { fake, fakeApi } from '../../../test/fake-api.ts';
import { sessionFixture } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { useTwoFactorStatus } from '../api/two-factor-api.ts';
import { PasskeysSection } from './passkeys-section.tsx';

// The browser's passkey prompt: jsdom has none, and the tests choose its answer.
vi.mock('@simplewebauthn/browser', () => ({ startRegistration: vi.fn() }));

const passkey = (id: number, name: string, lastUsedAt: string | null = null): Passkey => ({
  id,
  name,
  createdAt: '2026-11-20T08:00:00.000Z',
  lastUsedAt,
});

const creationOptions = {
  rp: { id: 'localhost', name: 'CaseBridge' },
  user: { id: 'dXNlcg', name: 'lab@demo-lab.test', displayName: 'Lara Lab' },
  challenge: 'Y2hhbGxlbmdl',
  pubKeyCredParams: [{ alg: -7, type: 'public-key' }],
};

/** What the browser's prompt answers (RegistrationResponseJSON), as the add contract takes it. */
const browserAnswer = {
  id: 'Y3JlZGVudGlhbA',
  rawId: 'Y3JlZGVudGlhbA',
  type: 'public-key' as const,
  response: { clientDataJSON: 'Y2xpZW50RGF0YQ', attestationObject: 'YXR0ZXN0YXRpb24', transports: ['internal' as const] },
  clientExtensionResults: {},
};

/** A fake server holding the user's passkeys, answering through the passkeys and two-factor contracts; every call is recorded. */
function fakeServer(initial: Passkey[]) {
  let passkeys = initial;
  const calls = fakeApi([
    fake(twoFactorStatus, () => ({ body: { totp: false, passkeys: passkeys.length, recoveryCodesLeft: 0, required: false } })),
    fake(listPasskeys, () => ({ body: { passkeys } })),
    fake(passkeyRegistrationOptions, () => ({ body: { options: creationOptions } })),
    fake(addPasskey, ({ body }) => {
      const added = passkey(9, body.name);
      passkeys = [...passkeys, added];
      return { body: added };
    }),
    fake(renamePasskey, ({ params, body }) => {
      passkeys = passkeys.map((row) => (row.id === params.passkeyId ? { ...row, name: body.name } : row));
      return { body: passkeys.find((row) => row.id === params.passkeyId)! };
    }),
    fake(removePasskey, ({ params }) => {
      passkeys = passkeys.filter((row) => row.id !== params.passkeyId);
      return { body: { ok: true as const, message: 'The passkey is removed.' } };
    }),
  ]);
  // The two-factor status (refreshed after every change, as it counts passkeys) answers later than the list.
  const answer = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input).includes('/users/me/two-factor')) await new Promise((resolve) => setTimeout(resolve, 100));
    return answer(input, init);
  });
  return {
    calls,
    call: (method: string, path: string) =>
      calls.find((c) => c.method === method && new URL(c.url, 'http://localhost').pathname === `/api${path}`),
  };
}

/** The section as on the account page, beside the two-factor status that a passkey change refreshes too. */
function TwoFactorStatusUser() {
  useTwoFactorStatus();
  return null;
}
function renderSection() {
  renderWithProviders(
    <>
      <TwoFactorStatusUser />
      <PasskeysSection />
    </>,
    sessionFixture('lab'),
  );
}

/** What @simplewebauthn/browser throws when the browser refuses (the user cancelled, or the prompt timed out). */
function browserRefusal(name: string) {
  return Object.assign(new Error('The operation either timed out or was not allowed.'), { name });
}

beforeEach(() => {
  vi.stubGlobal('PublicKeyCredential', class {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(startRegistration).mockReset();
});

async function openAddDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Add a passkey' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add a passkey' });
  await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Work laptop');
  await user.type(within(dialog).getByLabelText(/^Current password/), 'casebridge-demo');
  await user.click(within(dialog).getByRole('button', { name: 'Create passkey' }));
  return dialog;
}

describe('PasskeysSection', () => {
  it('says when there are none yet', async () => {
    fakeServer([]);
    renderSection();
    expect(await screen.findByText('You have no passkeys yet.')).toBeTruthy();
    expect(screen.queryByRole('listitem')).toBeNull();
  });

  it('lists each passkey with when it was added and last used', async () => {
    fakeServer([passkey(1, 'Work laptop', '2026-11-25T09:30:00.000Z'), passkey(2, 'Security key')]);
    renderSection();
    const laptop = await screen.findByRole('listitem', { name: 'Work laptop' });
    expect(within(laptop).getByText(/last used/)).toBeTruthy();
    expect(within(screen.getByRole('listitem', { name: 'Security key' })).getByText(/not used yet/)).toBeTruthy();
    expect(screen.queryByText('You have no passkeys yet.')).toBeNull();
  });

  it('adds one with a name and the password, sending the browser’s answer', async () => {
    const server = fakeServer([]);
    vi.mocked(startRegistration).mockResolvedValue(browserAnswer);
    renderSection();
    await openAddDialog(userEvent.setup());
    expect(await screen.findByText('The passkey was added')).toBeTruthy();
    expect(await screen.findByRole('listitem', { name: 'Work laptop' })).toBeTruthy();
    expect(server.call('POST', '/users/me/passkeys/options')?.body).toEqual({ password: 'casebridge-demo' });
    expect(vi.mocked(startRegistration)).toHaveBeenCalledWith({ optionsJSON: creationOptions });
    expect(server.call('POST', '/users/me/passkeys')?.body).toEqual({ name: 'Work laptop', response: browserAnswer });
  });

  it('says in words when the browser refuses to make the passkey, and keeps the dialog open', async () => {
    const server = fakeServer([]);
    vi.mocked(startRegistration).mockRejectedValue(browserRefusal('NotAllowedError'));
    renderSection();
    const dialog = await openAddDialog(userEvent.setup());
    expect(await within(dialog).findByText('The passkey prompt was cancelled or timed out. Please try again.')).toBeTruthy();
    expect(server.call('POST', '/users/me/passkeys')).toBeUndefined();
  });

  it('says when this device holds a passkey for the account already', async () => {
    fakeServer([passkey(1, 'Work laptop')]);
    vi.mocked(startRegistration).mockRejectedValue(browserRefusal('InvalidStateError'));
    renderSection();
    const dialog = await openAddDialog(userEvent.setup());
    expect(await within(dialog).findByText('This device holds a passkey for your account already.')).toBeTruthy();
  });

  it('renames one', async () => {
    const server = fakeServer([passkey(1, 'Work laptop')]);
    renderSection();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Rename Work laptop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename passkey' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Old laptop');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The passkey was renamed')).toBeTruthy();
    expect(await screen.findByRole('listitem', { name: 'Old laptop' })).toBeTruthy();
    expect(server.call('PUT', '/users/me/passkeys/1')?.body).toEqual({ name: 'Old laptop' });
  });

  it('removes one only after its question, and says so', async () => {
    const server = fakeServer([passkey(1, 'Work laptop')]);
    renderSection();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove Work laptop' }));
    const question = await screen.findByRole('dialog', { name: 'Remove this passkey?' });
    expect(within(question).getByText('“Work laptop” will no longer sign you in.')).toBeTruthy();
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(server.call('DELETE', '/users/me/passkeys/1')).toBeUndefined();

    await user.click(screen.getByRole('button', { name: 'Remove Work laptop' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Remove this passkey?' })).getByRole('button', { name: 'Remove' }));
    // The row goes with the list's refresh, before the status has answered; the notice must not go with it.
    expect(await screen.findByText('The passkey was removed')).toBeTruthy();
    expect(await screen.findByText('You have no passkeys yet.')).toBeTruthy();
    expect(server.calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });
});
