import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import type { Onboarding } from '../api/onboarding-api.ts';
import { OnboardingChecklist } from './onboarding-checklist.tsx';

const onboarding: Onboarding = {
  companyDetails: true,
  landingPage: false,
  firstClientInvited: true,
  licenceKeys: false,
  desktopAppAvailable: true,
};

/** Each step's title with the accessible name of its tick. */
function ticks(): Record<string, string | null> {
  const items = within(screen.getByRole('list', { name: 'First steps' })).getAllByRole('listitem');
  return Object.fromEntries(
    items.map((item) => [item.querySelector('p')!.textContent!, within(item).getByRole('img').getAttribute('aria-label')]),
  );
}

describe('OnboardingChecklist', () => {
  it('ticks exactly the steps the onboarding endpoint reports as done', () => {
    renderWithProviders(<OnboardingChecklist onboarding={onboarding} isAdmin />);
    expect(ticks()).toEqual({
      'Company details': 'Done',
      'Landing page': 'To do',
      'First client': 'Done',
      'Licence keys': 'To do',
      'Desktop app': 'Done',
    });
    expect(screen.getByText('3 of 5 steps done')).toBeTruthy();
  });

  it('links each step to where it is done', () => {
    renderWithProviders(<OnboardingChecklist onboarding={onboarding} isAdmin />);
    const href = (name: string) => screen.getByRole('link', { name }).getAttribute('href');
    expect(href('Open company details')).toBe('/mill/settings?tab=company-details');
    expect(href('Set up the landing page')).toBe('/mill/settings?tab=landing-page');
    expect(href('Go to clients')).toBe('/mills/clients');
    expect(href('Add licence keys')).toBe('/mill/settings?tab=license-keys');
    expect(href('Get the desktop app')).toBe('/desktop-app');
  });

  it('gives mill users who are not admins no links into the admin-only settings', () => {
    renderWithProviders(<OnboardingChecklist onboarding={{ ...onboarding, landingPage: true }} isAdmin={false} />);
    expect(screen.queryByRole('link', { name: 'Open company details' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Add licence keys' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to clients' })).toBeTruthy();
    expect(ticks()['Landing page']).toBe('Done');
  });
});
