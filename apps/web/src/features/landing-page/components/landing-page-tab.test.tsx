import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import * as contracts from '@casebridge/shared/contracts/landing-page';
import { fake, fakeApi } from '../../../test/fake-api.ts';
import { sessionFixture } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { LandingPageTab } from './landing-page-tab.tsx';

const mill = {
  id: 7,
  company: { id: 70, name: 'Alpine Milling', logo: null },
  landingPageHeader: 'Precision milling',
  landingPageContent: 'First line',
};

function stubApi() {
  return fakeApi([
    fake(contracts.getPublicMill, () => ({ body: mill })),
    fake(contracts.updateLandingPage, ({ body }) => ({
      body: { ...mill, ...body, landingPageInfoIsUpdated: true, needPoliciesApproval: false, publicUrl: 'http://x/7' },
    })),
  ]);
}

const preview = () => screen.getByRole('region', { name: 'Preview' });

describe('LandingPageTab', () => {
  it('shows the public address of the mill landing page', async () => {
    stubApi();
    renderWithProviders(<LandingPageTab millId={7} />, sessionFixture('mill'));
    const url = (await screen.findByLabelText('Public URL')) as HTMLInputElement;
    expect(url.value).toBe(`${window.location.origin}/7`);
    expect(screen.getByRole('button', { name: 'Copy public URL' })).toBeTruthy();
  });

  it('previews markup typed into the content as plain text, never as elements', async () => {
    stubApi();
    const user = userEvent.setup();
    renderWithProviders(<LandingPageTab millId={7} />, sessionFixture('mill'));
    const content = await screen.findByLabelText(/^Content/);
    await user.clear(content);
    await user.type(content, '<script>window.hacked = true</script>{Enter}<b>bold</b>');

    const text = preview().querySelector('[data-testid="landing-content"]') as HTMLElement;
    expect(text.textContent).toBe('<script>window.hacked = true</script>\n<b>bold</b>');
    expect(text.style.whiteSpace).toBe('pre-wrap');
    expect(preview().querySelector('script')).toBeNull();
    expect(preview().querySelector('b')).toBeNull();
    expect(document.querySelector('script')).toBeNull();
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('follows the header in the preview and sends the texts as the multipart data part', async () => {
    const calls = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<LandingPageTab millId={7} />, sessionFixture('mill'));
    const header = await screen.findByLabelText(/^Header/);
    await user.clear(header);
    await user.type(header, 'Fresh header');
    expect(preview().textContent).toContain('Fresh header');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    const sent = calls.find((call) => call.method === 'PUT')!;
    expect(sent.url).toMatch(/^\/api\/mills\/7\?/);
    expect(JSON.parse(String((sent.body as FormData).get('data')))).toEqual({
      landingPageHeader: 'Fresh header',
      landingPageContent: 'First line',
    });
    expect(await screen.findByText('Landing page updated')).toBeTruthy();
  });

  it('requires header and content', async () => {
    const calls = stubApi();
    const user = userEvent.setup();
    renderWithProviders(<LandingPageTab millId={7} />, sessionFixture('mill'));
    await user.clear(await screen.findByLabelText(/^Header/));
    await user.clear(screen.getByLabelText(/^Content/));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(screen.getAllByText('This field is required.')).toHaveLength(2);
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
  });
});
