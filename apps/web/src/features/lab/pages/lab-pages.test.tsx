import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getPublicMill } from '@casebridge/shared/contracts/landing-page';
import { fake, fakeApi } from '../../../test/fake-api.ts';
import { millFixture, sessionFixture } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { LabWelcomePage } from './lab-pages.tsx';

function stubMill(id: number, name: string) {
  return fakeApi([
    fake(getPublicMill, ({ params }) =>
      params.id === id
        ? { body: { id, company: { id: 70, name, logo: null }, landingPageHeader: '', landingPageContent: '' } }
        : { status: 404, body: { statusCode: 404, error: 'Not Found', code: 'NOT_FOUND', message: 'Not found' } },
    ),
  ]);
}

const routes = [
  { path: '/lab/welcome', element: <LabWelcomePage /> },
  { path: '/:millId/lab/home', element: <LabWelcomePage /> },
];

describe('LabWelcomePage', () => {
  it("shows the named mill's welcome with its two steps", async () => {
    stubMill(8, 'Nordic Milling');
    const session = sessionFixture('lab', {
      mills: [millFixture({ millRole: null }), millFixture({ id: 8, millRole: null, company: { id: 80, name: 'Nordic', logo: null } })],
    });
    renderRoutes(routes, { path: '/8/lab/home', session });
    expect(await screen.findByText('Welcome to Nordic Milling on CaseBridge. Two steps get you started:')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download the app' }).getAttribute('href')).toBe('/desktop-app');
    expect(screen.getByRole('link', { name: 'Open my orders' }).getAttribute('href')).toBe('/lab/projects');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('tells a lab its mill blocked it, and nothing the operator wrote to the mill', async () => {
    stubMill(7, 'Alpine Milling');
    const blocked = millFixture({ millRole: null, blocked: true, blockedBy: 'mill' });
    renderRoutes(routes, { path: '/lab/welcome', session: sessionFixture('lab', { mills: [blocked] }) });
    expect((await screen.findByRole('alert')).textContent).toContain('Alpine Milling has blocked your lab.');
  });

  it('gives the reason of a mill the operator blocked, not that the mill blocked the lab', async () => {
    stubMill(7, 'Alpine Milling');
    const blocked = millFixture({
      millRole: null,
      blocked: true,
      blockedBy: 'operator',
      blockReason: 'Closed for inventory until Monday.',
    });
    renderRoutes(routes, { path: '/7/lab/home', session: sessionFixture('lab', { mills: [blocked] }) });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Closed for inventory until Monday.');
    expect(alert.textContent).not.toContain('blocked your lab');
  });
});
