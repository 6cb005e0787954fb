import { Anchor, Checkbox, Group } from '@mantine/core';
import { IconCircleCheckFilled, IconCircleXFilled } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Spec §3 "user consent": null until touched, then true or false. */
export type Consent = boolean | null;

export interface AgreementCheckboxProps {
  /** Text before the link, e.g. 'I accept the'. */
  prefix: string;
  linkLabel: string;
  to: string;
  value: Consent;
  /** Set after a submit attempt: an unticked box then shows the red cross. */
  showMissing: boolean;
  onChange: (value: boolean) => void;
  disabled?: boolean;
}

function ConsentIcon({ value, showMissing }: { value: Consent; showMissing: boolean }): ReactNode {
  const { t } = useTranslation();
  if (value === true) {
    return <IconCircleCheckFilled color="var(--mantine-color-green-7)" aria-label={t('consent.accepted')} role="img" />;
  }
  if (showMissing || value === false) {
    return <IconCircleXFilled color="var(--mantine-color-red-7)" aria-label={t('consent.missing')} role="img" />;
  }
  return null;
}

/** An agreement checkbox linking to its document, with the green tick / red cross of spec §2. */
export function AgreementCheckbox({ prefix, linkLabel, to, value, showMissing, onChange, disabled }: AgreementCheckboxProps) {
  // A false value after the user unticks is only flagged once they try to submit.
  const flagged = showMissing && value !== true;
  return (
    <Group gap="xs" wrap="nowrap" align="center">
      <Checkbox
        checked={value === true}
        disabled={disabled}
        onChange={(event) => onChange(event.currentTarget.checked)}
        label={
          <>
            {prefix} {/* inherit: the label's size, not the larger default of a link. */}
            <Anchor component={Link} to={to} target="_blank" rel="noopener" inherit>
              {linkLabel}
            </Anchor>
          </>
        }
      />
      <ConsentIcon value={value === true ? true : flagged ? false : null} showMissing={flagged} />
    </Group>
  );
}

export interface PolicyAgreementsProps {
  policy: Consent;
  dataProcessing: Consent;
  onPolicyChange: (value: boolean) => void;
  onDataProcessingChange: (value: boolean) => void;
  showMissing: boolean;
}

/** The two agreements every consent asks for: terms of service and data processing. */
export function PolicyAgreements({ policy, dataProcessing, onPolicyChange, onDataProcessingChange, showMissing }: PolicyAgreementsProps) {
  const { t } = useTranslation();
  return (
    <>
      <AgreementCheckbox
        prefix={t('consent.acceptPrefix')}
        linkLabel={t('consent.termsOfService')}
        to="/terms-of-service"
        value={policy}
        showMissing={showMissing}
        onChange={onPolicyChange}
      />
      <AgreementCheckbox
        prefix={t('consent.acceptPrefix')}
        linkLabel={t('consent.dataProcessing')}
        to="/data-processing-agreement"
        value={dataProcessing}
        showMissing={showMissing}
        onChange={onDataProcessingChange}
      />
    </>
  );
}
