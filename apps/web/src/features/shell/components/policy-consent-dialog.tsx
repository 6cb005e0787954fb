import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PolicyAgreements, type Consent } from '../../../components/agreement-checkbox.tsx';
import { describeError } from '../../../lib/error-message.ts';
import { useApprovePolicies } from '../api/shell-api.ts';

/** Spec §2: cannot be closed; OK only once both documents are accepted. */
export function PolicyConsentDialog({ millId }: { millId: number }) {
  const { t } = useTranslation();
  const [policy, setPolicy] = useState<Consent>(null);
  const [dataProcessing, setDataProcessing] = useState<Consent>(null);
  const approve = useApprovePolicies();
  const accepted = policy === true && dataProcessing === true;

  return (
    <Modal
      opened
      onClose={() => {}}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title={t('policyConsent.title')}
      centered
    >
      <Stack>
        <Text size="sm">{t('policyConsent.message')}</Text>
        {approve.isError && <Alert color="red">{describeError(t, approve.error)}</Alert>}
        <PolicyAgreements
          policy={policy}
          dataProcessing={dataProcessing}
          onPolicyChange={setPolicy}
          onDataProcessingChange={setDataProcessing}
          showMissing={false}
        />
        <Group justify="flex-end">
          <Button disabled={!accepted} loading={approve.isPending} onClick={() => approve.mutate(millId)}>
            {t('common.ok')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
