import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '@casebridge/shared/schemas/auth';
import { PHONE_MEDIA_QUERY } from '../../../components/use-phone-layout.ts';
import { millFixture, sessionFixture } from '../../../test/fixtures.ts';
import { mockFetch, renderWithProviders } from '../../../test/render.tsx';
import { AppHeader, ShellExtras, SIDEBAR_ID } from './app-header.tsx';

/** jsdom has no layout: the phone is simulated by the one media query the layout asks. */
const wideMatchMedia = window.matchMedia;
afterEach(() => {
  window.matchMedia = wideMatchMedia;
});

function onPhone() {
  window.matchMedia = vi.fn((query: string) => ({
    matches: query === PHONE_MEDIA_QUERY,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  }));
}

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

/** The version, and nothing else: the usage donut then stays away (its own tests cover it). */
function stubApi(version: string | null = '2.0.1') {
  mockFetch(({ path }) => (path === '/app/version' && version ? { body: { version } } : { status: 404, body: { code: 'NOT_FOUND' } }));
}

const twoMills = () => sessionFixture('mill', { mills: [millFixture(), millFixture({ id: 8, company: { id: 80, name: 'Nordic Mill', logo: null } })] });

describe('the signed-in header', () => {
  it('on a phone keeps the bell and user menu, and puts the mill selector, language and version behind a named menu button', async () => {
    onPhone();
    stubApi();
    const user = userEvent.setup();
    renderWithProviders(<Shell session={twoMills()} compact />);
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
    stubApi(null);
    const user = userEvent.setup();
    renderWithProviders(<Shell session={sessionFixture('mill')} compact />);
    await user.click(screen.getByRole('button', { name: 'User menu' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Profile', 'Settings', 'Sign out']);
  });

  it('on a wide screen shows everything in the header and no menu button', async () => {
    stubApi();
    renderWithProviders(<Shell session={twoMills()} compact={false} />);
    expect(screen.queryByRole('button', { name: 'Toggle navigation' })).toBeNull();
    expect(screen.getByLabelText('Language', { selector: 'select' })).toBeTruthy();
    expect(screen.getByLabelText('Mill', { selector: 'input' })).toBeTruthy();
    expect(await screen.findByText('v2.0.1')).toBeTruthy();
  });

  it('shows no version badge while the version is unknown, rather than an empty pill', () => {
    mockFetch(() => ({ status: 500, body: {} }));
    renderWithProviders(<Shell session={sessionFixture('lab')} compact={false} />);
    expect(screen.queryByLabelText(/^Version/)).toBeNull();
  });
});

describe('the blocked-mill warning', () => {
  it('names the block for a lab whose mill left the client message empty (defect 3)', async () => {
    stubApi(null);
    const user = userEvent.setup();
    const session = sessionFixture('lab', { mills: [millFixture({ millRole: null, blocked: true, blockedMillClientMessage: '' })] });
    renderWithProviders(<Shell session={session} compact={false} />);
    const icon = screen.getByRole('img', { name: 'This mill is blocked' });
    await user.hover(icon);
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip.textContent).toBe('This mill is blocked');
  });

  it("shows the mill's own message to its lab", async () => {
    stubApi(null);
    const user = userEvent.setup();
    const session = sessionFixture('lab', { mills: [millFixture({ millRole: null, blocked: true, blockedMillClientMessage: 'Closed for inventory until Monday.' })] });
    renderWithProviders(<Shell session={session} compact={false} />);
    await user.hover(screen.getByRole('img', { name: 'Closed for inventory until Monday.' }));
    expect((await screen.findByRole('tooltip')).textContent).toBe('Closed for inventory until Monday.');
  });
});
