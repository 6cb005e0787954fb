import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { endSession, listSessions } from '@casebridge/shared/contracts/user-sessions';
import type { UserSession } from '@casebridge/shared/schemas/user-sessions';
import { fake, fakeApi } from '../../../test/fake-api.ts';
import { sessionFixture } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { SessionsSection } from './sessions-section.tsx';

const row = (id: string, device: string, current: boolean): UserSession => ({
  id,
  device,
  ip: '203.0.113.7',
  method: 'password',
  createdAt: '2026-11-20T08:00:00.000Z',
  lastSeenAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  current,
});

const THIS_DEVICE = '0b7c3f0e-5a8e-4c1d-9f3a-2d6e8b1c4a01';
const IPHONE = '6f2d9a4b-1e7c-4b3a-8d5f-9c0e2a7b3d02';

describe('SessionsSection', () => {
  it('marks this device, has no sign-out for it, and signs another one out after confirming', async () => {
    let sessions = [row(THIS_DEVICE, 'Chrome on Windows', true), row(IPHONE, 'Safari on iPhone', false)];
    const calls = fakeApi([
      fake(listSessions, () => ({ body: { sessions } })),
      fake(endSession, ({ params }) => {
        sessions = sessions.filter((session) => session.id !== params.sessionId);
        return { body: { ok: true as const, message: 'Session ended' } };
      }),
    ]);
    renderWithProviders(<SessionsSection />, sessionFixture('lab'));
    const mine = await screen.findByRole('listitem', { name: 'Chrome on Windows' });
    expect(within(mine).getByText('This device')).toBeTruthy();
    expect(within(mine).queryByRole('button')).toBeNull();
    expect(within(mine).getByText('Last active 5 minutes ago')).toBeTruthy();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Sign out Safari on iPhone' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sign out' }));
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'DELETE' && call.url.includes(`/users/me/sessions/${IPHONE}`))).toBe(true),
    );
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Safari on iPhone' })).toBeNull());
    // The notice outlives the row, which left the list when it refreshed.
    expect(await screen.findByText('The device was signed out')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign out all other devices' })).toBeNull();
  });

  it('says when the list cannot be loaded, and why', async () => {
    // A refusal the contract lists (a 5xx is no answer a contract describes): too many calls.
    fakeApi([
      fake(listSessions, () => ({
        status: 429,
        body: { statusCode: 429, error: 'Too Many Requests', code: 'RATE_LIMITED', message: 'Slow down' },
      })),
    ]);
    renderWithProviders(<SessionsSection />, sessionFixture('lab'));
    expect(await screen.findByText('Something went wrong')).toBeTruthy();
    expect(screen.getByText('Too many attempts. Please wait a moment and try again.')).toBeTruthy();
    expect(screen.queryByRole('listitem')).toBeNull();
  });
});
