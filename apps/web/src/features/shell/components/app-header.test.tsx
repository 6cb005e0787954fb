import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { appVersion } from '@casebridge/shared/contracts/app-info';
import { getSubscription } from '@casebridge/shared/contracts/subscriptions';
import type { MillSummary, Session } from '@casebridge/shared/schemas/auth';
import { onPhone } from '../../../test/viewport.ts';
import { fake, fakeApi } from '../../../test/fake-api.ts';
import { millFixture, sessionFixture } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { useAppVersion } from '../api/shell-api.ts';
import { AppHeader, ShellExtras, SIDEBAR_ID } from './app-header.tsx';

/** jsdom has no layout: the phone is simulated by the one media query the layout asks. */
/** The header with a sidebar that, like the layout's, shows the extras only on a phone and when open. */
function Shell({ session, compact }: { session: Session; compact: boolean }) {
  const [open, setOpen] = useState(false);
  const mill = session.mills[0] ?? null;
  return (
    <>
      <AppHeader
        session={session}
        mill={mill}
        onSelectMill={() => {}}
        onSignOut={() => {}}
        navOpened={open}
        onToggleNav={() => setOpen((value) => !value)}
        notificationBell={null}
        homePath="/mills/projects"
        compact={compact}
      />
      <nav id={SIDEBAR_ID} aria-label="Sidebar">
        {compact && open && <ShellExtras session={session} mill={mill} onSelectMill={() => {}} />}
      </nav>
    </>
  );
}

/** What the header's version query holds, for a test to know when the answer has rendered. */
function VersionSeen() {
  const version = useAppVersion();
  return <output data-testid="version-seen">{version === undefined ? 'unknown' : `[${version}]`}</output>;
}

/** The version, and no subscription: the usage donut then stays away (its own tests cover it). */
function stubApi(version = '2.0.1') {
  return fakeApi([
    fake(appVersion, () => ({ body: { version } })),
    fake(getSubscription, () => ({ status: 404, body: { statusCode: 404, error: 'Not Found', code: 'NOT_FOUND', message: 'No plan' } })),
  ]);
}

/**
 * Mantine's test mode: jsdom lays nothing out, so an open menu or tooltip would be hidden as
 * "detached" from its target as soon as its position resolves (see RenderOptions in test/render.tsx).
 */
const renderHeader = (shell: ReactNode) => renderWithProviders(shell, null, { mantineTestEnv: true });

const twoMills = () =>
  sessionFixture('mill', { mills: [millFixture(), millFixture({ id: 8, company: { id: 80, name: 'Nordic Mill', logo: null } })] });

describe('the signed-in header', () => {
  it('on a phone keeps the bell and user menu, and puts the mill selector, language and version behind a named menu button', async () => {
    onPhone();
    stubApi();
    const user = userEvent.setup();
    renderHeader(<Shell session={twoMills()} compact />);
    const header = screen.getByRole('button', { name: 'User menu' }).closest('div')!.parentElement!;
    expect(within(header).queryByLabelText('Language')).toBeNull();
    expect(within(header).queryByLabelText('Mill', { selector: 'input' })).toBeNull();

    const menuButton = screen.getByRole('button', { name: 'Toggle navigation' });
    expect(menuButton.getAttribute('aria-expanded')).toBe('false');
    expect(menuButton.getAttribute('aria-controls')).toBe(SIDEBAR_ID);
    await user.click(menuButton);
    expect(menuButton.getAttribute('aria-expanded')).toBe('true');
    const sidebar = screen.getByRole('navigation', { name: 'Sidebar' });
    expect(within(sidebar).getByLabelText('Language', { selector: 'select' })).toBeTruthy();
    expect(within(sidebar).getByLabelText('Mill', { selector: 'input' })).toBeTruthy();
    expect(await within(sidebar).findByText('v2.0.1')).toBeTruthy();
  });

  it('offers Profile and Sign out from the user menu on a phone', async () => {
    onPhone();
    stubApi();
    const user = userEvent.setup();
    renderHeader(<Shell session={sessionFixture('mill')} compact />);
    await user.click(screen.getByRole('button', { name: 'User menu' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Profile', 'Settings', 'Sign out']);
  });

  it('on a wide screen shows everything in the header and no menu button', async () => {
    stubApi();
    renderHeader(<Shell session={twoMills()} compact={false} />);
    expect(screen.queryByRole('button', { name: 'Toggle navigation' })).toBeNull();
    expect(screen.getByLabelText('Language', { selector: 'select' })).toBeTruthy();
    expect(screen.getByLabelText('Mill', { selector: 'input' })).toBeTruthy();
    expect(await screen.findByText('v2.0.1')).toBeTruthy();
  });

  it('shows no version badge while the version is unknown, nor for an empty one, rather than an empty pill', async () => {
    stubApi('');
    renderHeader(
      <>
        <Shell session={sessionFixture('lab')} compact={false} />
        <VersionSeen />
      </>,
    );
    expect(screen.getByTestId('version-seen').textContent).toBe('unknown');
    expect(screen.queryByLabelText(/^Version/)).toBeNull();
    // The answer has arrived and rendered (the badge reads the same query in the same render).
    await waitFor(() => expect(screen.getByTestId('version-seen').textContent).toBe('[]'));
    expect(screen.queryByLabelText(/^Version/)).toBeNull();
    expect(screen.queryByText('v')).toBeNull();
  });
});

describe('the blocked-mill warning (spec §2: the client message to mill users, the block reason to others)', () => {
  async function tooltipFor(type: 'mill' | 'lab', mill: Partial<MillSummary>) {
    stubApi();
    const user = userEvent.setup();
    const session = sessionFixture(type, { mills: [millFixture({ millRole: type === 'mill' ? 'admin' : null, blocked: true, ...mill })] });
    renderHeader(<Shell session={session} compact={false} />);
    const icon = screen.getByRole('img');
    await user.hover(icon);
    const text = (await screen.findByRole('tooltip')).textContent;
    expect(icon.getAttribute('aria-label')).toBe(text);
    return text;
  }

  it("shows the mill's staff the operator's message to their mill, never the reason given to others", async () => {
    expect(
      await tooltipFor('mill', {
        blockedBy: 'operator',
        blockedMillClientMessage: 'Invoice 42 is overdue.',
        blockReason: 'Closed until Monday.',
      }),
    ).toBe('Invoice 42 is overdue.');
  });

  it('tells the staff their mill is blocked when the operator left no message', async () => {
    expect(await tooltipFor('mill', { blockedBy: 'operator', blockedMillClientMessage: '', blockReason: 'Closed until Monday.' })).toBe(
      'Your mill is blocked. Please contact CaseBridge support.',
    );
  });

  it('shows a lab the block reason of a mill the operator blocked', async () => {
    expect(await tooltipFor('lab', { blockedBy: 'operator', blockReason: 'Closed until Monday.' })).toBe('Closed until Monday.');
  });

  it('names the blocked mill to a lab when the operator gave no reason (defect 3: never empty)', async () => {
    expect(await tooltipFor('lab', { blockedBy: 'operator', blockReason: '' })).toBe('Alpine Milling is blocked at the moment.');
  });

  it('tells a lab the mill blocked that it is the one blocked', async () => {
    expect(await tooltipFor('lab', { blockedBy: 'mill' })).toBe(
      'Alpine Milling has blocked your lab. You can still read your orders and messages, but cannot send new ones.',
    );
  });

  it('tells a lab the system blocked that its access to the mill is blocked', async () => {
    expect(await tooltipFor('lab', { blockedBy: 'system' })).toBe(
      "The system administrator has blocked your lab's access to Alpine Milling.",
    );
  });
});
