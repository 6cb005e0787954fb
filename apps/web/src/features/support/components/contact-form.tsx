import { Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { maxLengthOf } from '@casebridge/shared/schemas/max-length';
import { supportContactBodySchema } from '@casebridge/shared/schemas/mill-admin';
import { useUnsavedChangesGuard } from '../../../components/use-unsaved-changes-guard.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useForm } from '../../../lib/use-form.ts';
import { useSendSupportMessage } from '../api/support-api.ts';

const TOPIC_MAX = maxLengthOf(supportContactBodySchema.shape.topic);
const empty = { topic: '', message: '' };

/** Writes to the operator's support about the selected mill (spec §2 support contact). */
export function ContactForm({ millId, intro }: { millId: number; intro: string }) {
  const { t } = useTranslation();
  const form = useForm({ initialValues: empty, schema: supportContactBodySchema });
  const send = useSendSupportMessage(millId);
  useUnsavedChangesGuard(form.dirty);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const data = form.validate();
    if (!data) return;
    send.mutate(data, {
      onSuccess: () => {
        form.reset(empty);
        notifySuccess(t('support.sent'));
      },
      onError: (error) => {
        if (!form.applyServerErrors(error)) notifyError(t, error);
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={640}>
        <Text size="sm">{intro}</Text>
        <TextInput label={t('support.topic')} required maxLength={TOPIC_MAX} {...form.textProps('topic')} />
        <Textarea label={t('support.message')} required autosize minRows={6} maxRows={16} {...form.textProps('message')} />
        <Group>
          <Button type="submit" loading={send.isPending}>
            {t('support.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
