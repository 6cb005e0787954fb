import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionFixture } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { UserMenu } from './user-menu.tsx';

describe('UserMenu in the header', () => {
  it("shows the manager's first and last name beside the initials (spec manager-dealer §2)", () => {
    renderWithProviders(<UserMenu session={sessionFixture('manager')} onSignOut={() => undefined} />);
    const button = screen.getByRole('button', { name: 'User menu' });
    expect(within(button).getByText('Ada Lovelace')).toBeTruthy();
    expect(within(button).getByText('AL')).toBeTruthy();
  });

  it('keeps to the initials for mill and lab users, whose header has the mill selector and more', () => {
    renderWithProviders(<UserMenu session={sessionFixture('lab')} onSignOut={() => undefined} />);
    const button = screen.getByRole('button', { name: 'User menu' });
    expect(within(button).getByText('AL')).toBeTruthy();
    expect(within(button).queryByText('Ada Lovelace')).toBeNull();
  });
});
