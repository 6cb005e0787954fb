import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sendSupportMessage } from '@casebridge/shared/contracts/support';
import { fake, fakeApi } from '../../../test/fake-api.ts';
import { sessionFixture } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ContactForm } from './contact-form.tsx';

describe('ContactForm', () => {
  it('requires topic and message, then writes about the given mill', async () => {
    const calls = fakeApi([fake(sendSupportMessage, () => ({ body: { ok: true as const, message: 'Email sent' } }))]);
    const user = userEvent.setup();
    renderWithProviders(<ContactForm millId={7} intro="Write to us about Alpine Milling." />, sessionFixture('lab'));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getAllByText('This field is required.')).toHaveLength(2);
    expect(calls).toHaveLength(0);

    await user.type(screen.getByLabelText(/^Topic/), 'Upload problem');
    await user.type(screen.getByLabelText(/^Message/), 'The upload stops at 50%.');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.url).toMatch(/^\/api\/mills\/7\/support\/contact\/send-email\?/);
    expect(calls[0]!.body).toEqual({ topic: 'Upload problem', message: 'The upload stops at 50%.' });
    expect(await screen.findByText('Email sent')).toBeTruthy();
    expect((screen.getByLabelText(/^Topic/) as HTMLInputElement).value).toBe('');
  });
});
