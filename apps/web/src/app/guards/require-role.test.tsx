import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import type { Session } from '@casebridge/shared/schemas/auth';
import { millFixture, sessionFixture } from '../../test/fixtures.ts';
import { renderRoutes } from '../../test/render.tsx';
import { RequireRole } from './require-role.tsx';

const page = (name: string): RouteObject['element'] => <h1>{name}</h1>;

const routes: RouteObject[] = [
  { path: '/', element: page('Home') },
  { path: '/lab/account', element: page('Lab account') },
  { path: '/mill/welcome', element: page('Mill welcome') },
  { path: '/mills/projects', element: page('Mill orders') },
  { element: <RequireRole roles={['lab']} />, children: [{ path: '/lab/projects', element: page('Lab orders') }] },
  {
    element: <RequireRole roles={['mill']} millAction="mill.update" />,
    children: [{ path: '/mill/settings', element: page('Mill settings') }],
  },
  { element: <RequireRole roles={['manager']} />, children: [{ path: '/manager', element: page('Manager') }] },
];

function visit(path: string, session: Session | null) {
  return renderRoutes(routes, { path, session });
}

describe('RequireRole', () => {
  it('shows the page to a user with the required role', async () => {
    visit('/lab/projects', sessionFixture('lab'));
    expect(await screen.findByRole('heading', { name: 'Lab orders' })).toBeTruthy();
  });

  it('sends a visitor who is not signed in home and asks for the sign-in dialog', async () => {
    const { router } = visit('/lab/projects', null);
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.state).toEqual({ authDialog: 'signIn', returnTo: '/lab/projects' });
  });

  it('sends a user of another role to their own home', async () => {
    const { router } = visit('/manager', sessionFixture('mill', { ordersCount: 2 }));
    expect(await screen.findByRole('heading', { name: 'Mill orders' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/mills/projects');
  });

  it('keeps mill users who are not admins out of admin pages', async () => {
    const session = sessionFixture('mill', { mills: [millFixture({ millRole: 'user' })] });
    const { router } = visit('/mill/settings', session);
    expect(await screen.findByRole('heading', { name: 'Mill welcome' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/mill/welcome');
  });

  it("decides by the actions the server lists for the selected mill, not by the role's name", async () => {
    const session = sessionFixture('mill', { mills: [millFixture({ millRole: 'admin', actions: ['mill.read'] })] });
    const { router } = visit('/mill/settings', session);
    expect(await screen.findByRole('heading', { name: 'Mill welcome' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/mill/welcome');
  });

  it('sends a user with incomplete company information to the company page with the notice', async () => {
    const { router } = visit('/lab/projects', sessionFixture('lab', { user: { companyInfoIsUpdated: false } }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/lab/account'));
    expect(router.state.location.search).toBe('?tab=company-info');
    expect(await screen.findByText('Please update company information first.')).toBeTruthy();
  });
});
