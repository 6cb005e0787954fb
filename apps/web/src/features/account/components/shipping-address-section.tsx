import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../../components/loading.tsx';
import { describeError } from '../../../lib/error-message.ts';
import { useSession } from '../../../lib/session.ts';
import { useOwnLab } from '../api/account-api.ts';
import { ShippingAddressForm } from './shipping-address-form.tsx';

/** Loads the user's lab and shows its shipping address form (lab account, company-info tab). */
export function ShippingAddressSection() {
  const { t } = useTranslation();
  const { session } = useSession();
  const lab = useOwnLab(session?.user.company?.id);
  if (!session?.user.company) return null;
  if (lab.isPending) return <Loading />;
  if (lab.isError) return <Alert color="red">{describeError(t, lab.error)}</Alert>;
  return <ShippingAddressForm key={lab.data.id} lab={lab.data} />;
}
