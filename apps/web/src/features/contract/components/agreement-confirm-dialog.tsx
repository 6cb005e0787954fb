import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PolicyAgreements, type Consent } from '../../../components/agreement-checkbox.tsx';
import { ContractFailure } from './contract-failure.tsx';

export interface AgreementConfirmDialogProps {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  /** The call runs while the dialog stays open; it closes on success (the caller decides). */
  pending: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
  /** More choices before the agreements, e.g. the add-on to buy. */
  children?: ReactNode;
  confirmDisabled?: boolean;
}

/**
 * The confirmation of a purchase (subscribe, resubscribe, add-on): the API only accepts it with
 * both agreements given (spec §7), so the dialog asks for them and refuses to go on without.
 * Mount it only while open: closing it forgets the ticks.
 */
export function AgreementConfirmDialog(props: AgreementConfirmDialogProps) {
  const { t } = useTranslation();
  const [policy, setPolicy] = useState<Consent>(null);
  const [dataProcessing, setDataProcessing] = useState<Consent>(null);
  const [showMissing, setShowMissing] = useState(false);
  const agreed = policy === true && dataProcessing === true;

  const confirm = () => {
    if (agreed) props.onConfirm();
    else setShowMissing(true);
  };

  return (
    <Modal opened onClose={props.onClose} title={props.title} closeOnClickOutside={!props.pending}>
      <Stack gap="md">
        <Text size="sm">{props.message}</Text>
        {props.children}
        <PolicyAgreements
          policy={policy}
          dataProcessing={dataProcessing}
          onPolicyChange={setPolicy}
          onDataProcessingChange={setDataProcessing}
          showMissing={showMissing}
        />
        {showMissing && !agreed && (
          <Alert color="red" role="alert">
            {t('consent.required')}
          </Alert>
        )}
        {props.error != null && <ContractFailure error={props.error} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose} disabled={props.pending}>
            {t('common.cancel')}
          </Button>
          <Button onClick={confirm} loading={props.pending} disabled={props.confirmDisabled}>
            {props.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
