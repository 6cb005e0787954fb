import { Avatar, Button, FileInput, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { profileDataSchema } from '@casebridge/shared/schemas/account';
import type { User } from '@casebridge/shared/schemas/auth';
import { markFormsSaved, useUnsavedChangesGuard } from '../../../components/use-unsaved-changes-guard.ts';
import { notifyError, notifyInfo, notifySuccess } from '../../../lib/notify.ts';
import { clearSession, sessionQueryKey } from '../../../lib/session.ts';
import { useForm } from '../../../lib/use-form.ts';
import { useSaveProfile } from '../api/account-api.ts';

export function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const initial = { firstName: user.firstName, lastName: user.lastName, email: user.email, currentPassword: '' };
  const form = useForm({ initialValues: initial, schema: profileDataSchema });
  const [avatar, setAvatar] = useState<File | null>(null);
  const save = useSaveProfile();
  useUnsavedChangesGuard(form.dirty || avatar !== null);
  // A new address needs the current password (the server refuses it otherwise): asked only then.
  const emailChanging = form.values.email.trim().toLowerCase() !== user.email.toLowerCase();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const data = form.validate();
    if (!data) return;
    const { currentPassword, ...profile } = data;
    save.mutate(
      { data: emailChanging ? { ...profile, currentPassword } : profile, avatar },
      {
        onSuccess: ({ user: saved, emailChanged }) => {
          form.reset({ firstName: saved.firstName, lastName: saved.lastName, email: saved.email, currentPassword: '' });
          setAvatar(null);
          if (emailChanged) {
            // Spec §4: a new email address ends the session; the user confirms it and signs in again.
            notifyInfo(t('profile.emailChanged'));
            markFormsSaved();
            clearSession(queryClient);
            void navigate('/', { replace: true });
            return;
          }
          notifySuccess(t('profile.saved'));
          void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
        },
        onError: (error) => {
          if (!form.applyServerErrors(error)) notifyError(t, error);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={520}>
        <Group align="flex-end">
          <Avatar src={user.avatar?.url} size="lg" radius="xl" alt={t('profile.avatarAlt')} />
          <FileInput
            label={t('profile.avatar')}
            accept="image/png,image/jpeg,image/webp"
            value={avatar}
            onChange={setAvatar}
            clearable
            placeholder={t('common.chooseFile')}
            style={{ flex: 1 }}
          />
        </Group>
        <TextInput label={t('fields.firstName')} required autoComplete="given-name" {...form.textProps('firstName')} />
        <TextInput label={t('fields.lastName')} required autoComplete="family-name" {...form.textProps('lastName')} />
        <TextInput
          label={t('fields.email')}
          type="email"
          required
          autoComplete="email"
          description={t('profile.emailHint')}
          {...form.textProps('email')}
        />
        {emailChanging && (
          <PasswordInput
            label={t('fields.currentPassword')}
            description={t('profile.passwordForEmail')}
            required
            autoComplete="current-password"
            {...form.textProps('currentPassword')}
          />
        )}
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
