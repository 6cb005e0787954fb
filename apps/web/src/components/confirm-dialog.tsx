import { Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import i18next from 'i18next';
import type { ReactNode } from 'react';

export interface ConfirmDialogOptions {
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  /** Without a cancel label the dialog only informs and offers OK. */
  cancelLabel?: string;
  danger?: boolean;
  onConfirm?: () => void;
  onCancel?: () => void;
}

/**
 * Where the focus goes when a dialog opens (Mantine's focus trap picks `data-autofocus`, else the
 * header's close button): on the answer, so a keyboard user can reply at once, and for a question
 * on Cancel, so a hasty Enter changes nothing.
 */
const initialFocus = { 'data-autofocus': true } as const;

/** The generic confirmation dialog of spec §2 (title, message, OK, optional cancel). */
export function openConfirmDialog(options: ConfirmDialogOptions): string {
  const t = i18next.t.bind(i18next);
  const confirmLabel = options.confirmLabel ?? t('common.ok');
  if (options.cancelLabel) {
    return modals.openConfirmModal({
      title: options.title,
      children: <Text size="sm">{options.message}</Text>,
      labels: { confirm: confirmLabel, cancel: options.cancelLabel },
      confirmProps: options.danger ? { color: 'red' } : undefined,
      cancelProps: initialFocus,
      onConfirm: options.onConfirm,
      onCancel: options.onCancel,
    });
  }
  const id: string = modals.open({
    title: options.title,
    onClose: () => options.onConfirm?.(),
    children: (
      <>
        <Text size="sm">{options.message}</Text>
        <Group justify="flex-end" mt="md">
          <Button onClick={() => modals.close(id)} {...initialFocus}>
            {confirmLabel}
          </Button>
        </Group>
      </>
    ),
  });
  return id;
}
