import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import * as contracts from '@casebridge/shared/contracts/messages';
import type { Message } from '@casebridge/shared/schemas/orders';
import { fake, fakeApi } from '../../../test/fake-api.ts';
import { sessionFixture } from '../../../test/fixtures.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { onPhone } from '../../../test/viewport.ts';
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

function renderPage(path = '/lab/messages', messages: Message[] = [message], count = messages.length) {
  const calls = fakeApi([
    fake(contracts.listMessages, ({ params }) => {
      expect(params.millId).toBe(7);
      return { body: { count, data: messages } };
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

const query = (url: string) => new URL(url, 'http://x').searchParams;
const readParam = (url: string) => query(url).get('read');

describe('MessagesPage', () => {
  it('keeps the read state and page in the URL; a new read state returns to page 1', async () => {
    const user = userEvent.setup();
    const { calls, router } = renderPage('/lab/messages?read=unread&page=2', [message], 12);
    expect(await screen.findByText('Margin looks fine.')).toBeTruthy();
    expect([query(calls[0]!.url).get('read'), query(calls[0]!.url).get('_start')]).toEqual(['false', '10']);
    expect(screen.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    await user.click(within(screen.getByRole('radiogroup', { name: 'Show' })).getByLabelText('Read'));
    await waitFor(() => expect(router.state.location.search).toBe('?read=read'));
    await waitFor(() => expect(query(calls.at(-1)!.url).get('_start')).toBe('0'));
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

  it('shows each message as a table row, marks it while unread and links to its component', async () => {
    const user = userEvent.setup();
    const { router } = renderPage();
    const row = (await screen.findByText('Margin looks fine.')).closest('tr')!;
    expect(within(row).getByText('Unread')).toBeTruthy();
    expect(within(row).getByText('Max Miller · Alpine Milling')).toBeTruthy();
    await user.click(within(row).getByRole('link', { name: 'Order #40 · Component #400' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/lab/projects/40/components/400'));
  });

  it('says "No data found" when no message matches', async () => {
    renderPage('/lab/messages?read=unread', []);
    expect(await screen.findByText('No data found')).toBeTruthy();
    expect(screen.getByRole('radiogroup', { name: 'Show' })).toBeTruthy();
  });

  it('shows cards on a phone, headed by the order link', async () => {
    onPhone();
    renderPage();
    const card = (await screen.findByText('Margin looks fine.')).closest('li')!;
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(card).getByRole('link', { name: 'Order #40 · Component #400' })).toBeTruthy();
    expect(within(card).getByText('From')).toBeTruthy();
  });
});
