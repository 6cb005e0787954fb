import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createMessage } from '@casebridge/shared/contracts/messages';
import * as contracts from '@casebridge/shared/contracts/orders';
import type { ComponentDetail, Message } from '@casebridge/shared/schemas/orders';
import { formatDateTime } from '../../../lib/format.ts';
import { fake, fakeApi } from '../../../test/fake-api.ts';
import { sessionFixture } from '../../../test/fixtures.ts';
import { renderRoutes, type FetchCall } from '../../../test/render.tsx';
import { componentFixture } from '../test/order-fixtures.ts';
import { ComponentPage } from './component-page.tsx';

function stubApi(detail: ComponentDetail = componentFixture()) {
  return fakeApi([
    fake(contracts.getComponent, () => ({ body: detail })),
    fake(contracts.updateComponent, ({ body }) => ({ body: { ...detail, ...body } })),
    fake(contracts.listResponsiblePersons, () => ({ body: { count: 1, data: [{ id: 3, firstName: 'Max', lastName: 'Miller' }] } })),
    fake(contracts.setResponsible, () => ({ body: { ok: true as const, message: 'Order updated' } })),
    fake(contracts.deleteReturnedFile, () => ({ body: { ok: true as const, message: 'Document deleted' } })),
    fake(createMessage, ({ body }) => ({ body: { ...detail.messages[0]!, id: 3, message: body.message } })),
  ]);
}

function renderAs(side: 'mill' | 'lab') {
  const base = side === 'mill' ? '/mills/projects' : '/lab/projects';
  return renderRoutes([{ path: `${base}/:projectId/components/:id`, element: <ComponentPage /> }], {
    path: `${base}/40/components/400`,
    session: sessionFixture(side),
  });
}

const writes = (calls: FetchCall[]) => calls.filter((call) => call.method !== 'GET');

describe('ComponentPage', () => {
  it('gives mill users the status and responsible controls, upload and delete of downloads', async () => {
    const calls = stubApi();
    const user = userEvent.setup();
    renderAs('mill');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bridge' })).toBeTruthy();
    expect(screen.getByText('#40')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download all documents' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload file' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Preview' })).toBeTruthy();

    await user.click(screen.getByLabelText('Status', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Closed', hidden: true }));
    expect(await screen.findByText('Component updated')).toBeTruthy();
    expect(writes(calls)[0]).toMatchObject({
      method: 'PUT',
      url: expect.stringMatching(/^\/api\/projects\/40\/components\/400\b/),
      body: { status: 'Closed' },
    });

    await user.click(screen.getByLabelText('Responsible', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Max Miller', hidden: true }));
    expect(await screen.findByText('Order updated')).toBeTruthy();
    expect(writes(calls)[1]).toMatchObject({
      method: 'PUT',
      url: expect.stringMatching(/^\/api\/mills\/7\/labs\/5\/projects\/40\b/),
      body: { responsibleId: 3 },
    });

    await user.click(screen.getByRole('button', { name: 'Delete milled.pdf' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete document' });
    expect(writes(calls)).toHaveLength(2);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Document deleted')).toBeTruthy();
    expect(writes(calls)[2]!.url).toMatch(/^\/api\/downloads\/9002\?/);
  });

  it('shows lab users the same data read-only, but lets them write messages', async () => {
    const calls = stubApi();
    const user = userEvent.setup();
    renderAs('lab');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bridge' })).toBeTruthy();
    expect(screen.queryByLabelText('Status', { selector: 'input' })).toBeNull();
    expect(screen.queryByLabelText('Responsible', { selector: 'input' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upload file' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete milled.pdf' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Download milled.pdf' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Add documents' })).toBeTruthy();

    // Bubbles tell the mill's messages from the lab's.
    const thread = screen.getByRole('list', { name: 'Messages' });
    const sides = within(thread)
      .getAllByRole('listitem')
      .map((item) => item.querySelector('[data-author-side]')?.getAttribute('data-author-side'));
    expect(sides).toEqual(['lab', 'mill']);

    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByText('This field is required.')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: /^Message/ }), 'Thanks!');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Message sent')).toBeTruthy();
    expect(writes(calls)).toEqual([
      expect.objectContaining({
        method: 'POST',
        url: expect.stringMatching(/^\/api\/mills\/7\/messages\b/),
        body: { projectId: 40, componentId: 400, message: 'Thanks!' },
      }),
    ]);
  });

  it("says when the other side read the own side's messages, and nothing on theirs", async () => {
    const [fromLab, fromMill] = componentFixture().messages as [Message, Message];
    stubApi(
      componentFixture({
        messages: [
          { ...fromLab, readAt: '2025-03-01T10:30:00.000Z' },
          { ...fromMill, readAt: '2025-03-01T12:45:00.000Z' },
        ],
      }),
    );
    renderAs('lab');
    const [own, theirs] = within(await screen.findByRole('list', { name: 'Messages' })).getAllByRole('listitem') as [
      HTMLElement,
      HTMLElement,
    ];
    expect(within(own).getByText(`Read ${formatDateTime('2025-03-01T10:30:00.000Z')}`)).toBeTruthy();
    expect(within(theirs).queryByText(/^Read /)).toBeNull();
  });

  it('shows no read mark on an own message the other side has not read', async () => {
    stubApi();
    renderAs('lab');
    expect(within(await screen.findByRole('list', { name: 'Messages' })).queryByText(/^Read /)).toBeNull();
  });

  it.each(['mill', 'lab'] as const)("puts the %s's own messages on the right and the other side's on the left", async (side) => {
    stubApi();
    renderAs(side);
    const thread = await screen.findByRole('list', { name: 'Messages' });
    const bubbles = within(thread)
      .getAllByRole('listitem')
      .map((item) => item.querySelector<HTMLElement>('[data-author-side]')!);
    const placement = bubbles.map((bubble) => [bubble.dataset.authorSide, bubble.style.getPropertyValue('--group-justify')]);
    const other = side === 'mill' ? 'lab' : 'mill';
    expect(placement).toEqual(
      expect.arrayContaining([
        [side, 'flex-end'],
        [other, 'flex-start'],
      ]),
    );
    expect(placement).toHaveLength(2);
  });

  it('tells that the order was deleted, that its files are gone, and blocks writing', async () => {
    const detail = componentFixture();
    // What the server leaves of a deleted order: no files, the messages.
    stubApi({ ...detail, documents: [], downloads: [], project: { ...detail.project, isDeleted: true } });
    renderAs('mill');
    expect(await screen.findByText('Order deleted')).toBeTruthy();
    const notice = screen.getByText(/^This order was deleted/).textContent!;
    expect(notice).toMatch(/files were removed for good/);
    expect(notice).not.toMatch(/files and messages can still be read/);
    expect((screen.getByRole('button', { name: 'Download all documents' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('textbox', { name: /^Message/ }) as HTMLTextAreaElement).disabled).toBe(true);
  });
});
