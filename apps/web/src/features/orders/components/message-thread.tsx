import { Avatar, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconChecks, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { maxLengthOf } from '@casebridge/shared/schemas/max-length';
import { createMessageBodySchema, type Message } from '@casebridge/shared/schemas/orders';
import { checkField } from '../../../lib/form-errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import type { WorkspaceSide } from '../../../lib/order-paths.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useSendMessage } from '../api/orders-api.ts';

/**
 * Spec §6: a mill author's bubble looks different from a lab author's. As in any chat, the
 * messages of the viewer's own side sit on the right, the other side's on the left; the own
 * side's say when the other side read them.
 */
export function MessageBubble({ message, viewerSide }: { message: Message; viewerSide: WorkspaceSide }) {
  const { t } = useTranslation();
  const fromMill = message.author.role === 'mill';
  const own = (fromMill ? 'mill' : 'lab') === viewerSide;
  const name = `${message.author.firstName} ${message.author.lastName}`.trim();
  return (
    <Group justify={own ? 'flex-end' : 'flex-start'} align="flex-start" wrap="nowrap" data-author-side={fromMill ? 'mill' : 'lab'}>
      <Paper
        p="sm"
        radius="lg"
        maw="80%"
        bg={own ? 'var(--mantine-color-teal-light)' : 'var(--mantine-color-gray-1)'}
        style={{ borderTopLeftRadius: own ? undefined : 4, borderTopRightRadius: own ? 4 : undefined }}
      >
        <Group gap="xs" mb={4} wrap="nowrap">
          <Avatar src={message.author.avatar?.url} size="sm" radius="xl" alt="" />
          <div>
            <Text size="sm" fw={600}>
              {name || message.companyName}
            </Text>
            <Text size="xs" c="dimmed">
              {message.companyName} · {fromMill ? t('orders.fromMill') : t('orders.fromLab')} · {formatDateTime(message.created_at)}
            </Text>
          </div>
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {message.message}
        </Text>
        {own && message.readAt && (
          <Group gap={4} justify="flex-end" mt={4} wrap="nowrap">
            <IconChecks size={14} aria-hidden color="var(--mantine-color-teal-7)" />
            <Text size="xs" c="dimmed">
              {t('orders.readAt', { time: formatDateTime(message.readAt) })}
            </Text>
          </Group>
        )}
      </Paper>
    </Group>
  );
}

const MESSAGE_RULE = createMessageBodySchema.shape.message;
const MAX_MESSAGE = maxLengthOf(MESSAGE_RULE);

export function MessageForm({
  millId,
  projectId,
  componentId,
  disabled,
}: {
  millId: number;
  projectId: number;
  componentId: number;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useSendMessage(millId);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const broken = checkField(MESSAGE_RULE, 'message', text);
    if (broken) {
      setError(t(broken.key, broken.values));
      return;
    }
    const message = text.trim();
    send.mutate(
      { projectId, componentId, message },
      {
        onSuccess: () => {
          setText('');
          notifySuccess(t('orders.messageSent'));
        },
        onError: (reason) => notifyError(t, reason),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        <Textarea
          label={t('orders.message')}
          required
          autosize
          minRows={3}
          maxRows={10}
          maxLength={MAX_MESSAGE}
          value={text}
          error={error}
          disabled={disabled}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setError(null);
          }}
        />
        <Group>
          <Button type="submit" loading={send.isPending} disabled={disabled} leftSection={<IconSend size={16} aria-hidden />}>
            {t('orders.sendMessage')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function MessageThread({ messages, viewerSide }: { messages: Message[]; viewerSide: WorkspaceSide }) {
  const { t } = useTranslation();
  if (messages.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('orders.noMessages')}
      </Text>
    );
  }
  // Oldest first, as a conversation reads.
  const ordered = [...messages].sort((a, b) => a.created_at.localeCompare(b.created_at));
  return (
    <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t('orders.messages')}>
      {ordered.map((message) => (
        <li key={message.id}>
          <MessageBubble message={message} viewerSide={viewerSide} />
        </li>
      ))}
    </Stack>
  );
}
