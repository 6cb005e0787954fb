import { Button, Modal } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { QueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
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
