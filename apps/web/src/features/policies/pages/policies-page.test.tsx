import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import * as contracts from '@casebridge/shared/contracts/policies';
import type { PolicyDocument } from '@casebridge/shared/schemas/policies';
import { fake, fakeApi } from '../../../test/fake-api.ts';
import { sessionFixture } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { PoliciesPage } from './policies-page.tsx';

const published: PolicyDocument = {
  id: 4,
  kind: 'terms-of-service',
  language: 'en',
  title: 'Terms of service (EN)',
  active: true,
  createdAt: '2026-11-20T10:00:00.000Z',
  url: '/api/policy-documents/4/content?expires=1&signature=s',
};

describe('PoliciesPage', () => {
  it('publishes a PDF as the contract takes it (data part and files.file) and refreshes the list', async () => {
    let documents: PolicyDocument[] = [];
    const calls = fakeApi([
      fake(contracts.listPolicyDocuments, () => ({ body: { data: documents } })),
      fake(contracts.publishPolicyDocument, ({ body }) => {
        documents = [{ ...published, kind: body.kind }];
        return { body: documents[0]! };
      }),
    ]);
    const user = userEvent.setup();
    renderWithProviders(<PoliciesPage />, sessionFixture('manager'));
    await user.upload(await screen.findByLabelText('PDF file'), new File(['%PDF-1.7'], 'terms.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByRole('button', { name: 'Publish' }));

    expect(await screen.findByRole('link', { name: 'Open Terms of service (EN) in a new tab' })).toBeTruthy();
    const upload = calls.find((call) => call.method === 'POST')!;
    expect(upload.body).toBeInstanceOf(FormData);
    expect(JSON.parse(String((upload.body as FormData).get('data')))).toEqual({ kind: 'terms-of-service', language: 'en' });
    expect(((upload.body as FormData).get('files.file') as File).name).toBe('terms.pdf');
  });

  it('shows the server refusal of a file over the size limit (413, in the contract)', async () => {
    fakeApi([
      fake(contracts.listPolicyDocuments, () => ({ body: { data: [] } })),
      fake(contracts.publishPolicyDocument, () => ({
        status: 413,
        body: { statusCode: 413, error: 'Payload Too Large', code: 'FILE_TOO_LARGE', message: 'The upload is too large' },
      })),
    ]);
    const user = userEvent.setup();
    renderWithProviders(<PoliciesPage />, sessionFixture('manager'));
    await user.upload(await screen.findByLabelText('PDF file'), new File(['%PDF-1.7'], 'big.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(screen.getAllByText(/too large/i).length).toBeGreaterThan(0));
  });
});
