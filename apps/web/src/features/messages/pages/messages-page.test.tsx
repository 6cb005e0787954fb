import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import * as contracts from '@casebridge/shared/contracts/messages';
import type { Message } from '@casebridge/shared/schemas/orders';
import { fake, fakeApi } from '../../../test/fake-api.ts';
import { sessionFixture } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { MessagesPage } from './messages-page.tsx';

const message: Message = {
  id: 3,
  projectId: 40,
  componentId: 400,
  message: 'Margin looks fine.',
  created_at: '2025-03-01T11:00:00.000Z',
  read: false,
  readAt: null,
  author: { id: 2, firstName: 'Max', lastName: 'Miller', avatar: null, role: 'mill', millRole: 'user' },
  companyName: 'Alpine Milling',
};

function renderPage(path = '/lab/messages') {
  const calls = fakeApi([
    fake(contracts.listMessages, ({ params }) => {
      expect(params.millId).toBe(7);
      return { body: { count: 1, data: [message] } };
    }),
  ]);
  const result = renderRoutes(
    [
      { path: '/lab/messages', element: <MessagesPage /> },
      { path: '/lab/projects/:projectId/components/:id', element: <p>component page</p> },
    ],
    { path, session: sessionFixture('lab') },
  );
  return { ...result, calls };
}

const readParam = (url: string) => new URL(url, 'http://x').searchParams.get('read');

describe('MessagesPage', () => {
  it('keeps the read state and page in the URL; a new read state returns to page 1', async () => {
    const user = userEvent.setup();
    const { calls, router } = renderPage('/lab/messages?read=unread&page=2');
    expect(await screen.findByText('Margin looks fine.')).toBeTruthy();
    const query = new URL(calls[0]!.url, 'http://x').searchParams;
    expect([query.get('read'), query.get('_start')]).toEqual(['false', '10']);
    await user.click(within(screen.getByRole('radiogroup', { name: 'Show' })).getByLabelText('Read'));
    await waitFor(() => expect(router.state.location.search).toBe('?read=read'));
  });

  it('filters by read state: Unread sends read=false, Read sends read=true, All sends none', async () => {
    const user = userEvent.setup();
    const { calls } = renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Messages' })).toBeTruthy();
    expect(await screen.findByText('Margin looks fine.')).toBeTruthy();
    expect(readParam(calls[0]!.url)).toBeNull();
    const filter = screen.getByRole('radiogroup', { name: 'Show' });
    await user.click(within(filter).getByLabelText('Unread'));
    await waitFor(() => expect(readParam(calls.at(-1)!.url)).toBe('false'));
    await user.click(within(filter).getByLabelText('Read'));
    await waitFor(() => expect(readParam(calls.at(-1)!.url)).toBe('true'));
    await user.click(within(filter).getByLabelText('All'));
    await waitFor(() => expect(readParam(calls.at(-1)!.url)).toBeNull());
  });

  it('marks unread messages and links to their component', async () => {
    const user = userEvent.setup();
    const { router } = renderPage();
    await screen.findByText('Margin looks fine.');
    expect(screen.getAllByText('Unread').length).toBeGreaterThan(1);
    await user.click(screen.getByRole('link', { name: /Order #40/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/lab/projects/40/components/400'));
  });
});
