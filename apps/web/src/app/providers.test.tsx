import { Button, Modal, PasswordInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { QueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@casebridge/shared/constants/languages';
import { resources } from '../locales/resources.ts';
import { Providers } from './providers.tsx';

function WithModal() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button onClick={() => setOpened(true)}>Open</Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Plain dialog">
        Body
      </Modal>
    </>
  );
}

describe('Providers theme', () => {
  // Issue 24 item 17: Mantine names the eye "Toggle password visibility" in English only.
  it.each(LANGUAGES)('names the password field eye in %s', async (language) => {
    await i18next.changeLanguage(language);
    render(
      <Providers queryClient={new QueryClient()}>
        <PasswordInput label="Password" />
      </Providers>,
    );
    expect(screen.getByRole('button', { name: resources[language].translation.common.togglePassword })).toBeTruthy();
    await i18next.changeLanguage('en');
  });

  it('names the close button of every modal, opened directly or through the modals manager', async () => {
    const user = userEvent.setup();
    render(
      <Providers queryClient={new QueryClient()}>
        <WithModal />
      </Providers>,
    );
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Plain dialog' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Plain dialog' })).toBeNull());

    act(() => void modals.open({ title: 'Managed dialog', children: 'Body' }));
    const managed = await screen.findByRole('dialog', { name: 'Managed dialog' });
    expect(within(managed).getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('names the close button of toasts', async () => {
    render(<Providers queryClient={new QueryClient()}>{null}</Providers>);
    act(() => void notifications.show({ message: 'Saved' }));
    const toast = (await screen.findByText('Saved')).closest('[role="alert"]') as HTMLElement;
    expect(within(toast).getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('puts toasts at the top right below the header, where no pointer rests on them and no click lands on them', async () => {
    render(<Providers queryClient={new QueryClient()}>{null}</Providers>);
    act(() => void notifications.show({ message: 'Invited' }));
    const toast = (await screen.findByText('Invited')).closest('[role="alert"]') as HTMLElement;
    const container = toast.closest('[data-position]') as HTMLElement;
    expect(container.dataset.position).toBe('top-right');
    // global.css moves this class's top positions below the header.
    expect(container.classList.contains('cb-toasts')).toBe(true);
    // Clicks pass through to the Save or Invite button beneath; only the close button takes one.
    expect(container.style.pointerEvents).toBe('none');
    expect(within(toast).getByRole('button', { name: 'Close' }).style.pointerEvents).toBe('auto');
  });

  it('opens every dialog asked for while the dialogs manager is still being fetched', async () => {
    render(<Providers queryClient={new QueryClient()}>{null}</Providers>);
    act(() => {
      modals.open({ modalId: 'first', title: 'First dialog', children: 'One' });
      modals.openConfirmModal({ modalId: 'second', title: 'Second dialog', children: 'Two', labels: { confirm: 'OK', cancel: 'Cancel' } });
    });
    // The manager shows the latest; closing it uncovers the first, so neither was lost.
    expect(await screen.findByText('Two')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('One')).toBeTruthy();
  });
});
