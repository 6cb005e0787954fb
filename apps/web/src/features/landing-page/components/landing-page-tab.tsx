import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../../components/loading.tsx';
import { describeError } from '../../../lib/error-message.ts';
import { useMillLanding } from '../api/landing-page-api.ts';
import { LandingPageForm } from './landing-page-form.tsx';

/** The public address is this site's own: the landing page route is `/{millId}`. */
export function publicLandingUrl(millId: number): string {
  return `${window.location.origin}/${millId}`;
}

/** Spec §2 settings "landing-page" tab: copyable public URL, logo, header, content, preview, update. */
export function LandingPageTab({ millId }: { millId: number }) {
  const { t } = useTranslation();
  const mill = useMillLanding(millId);
  if (mill.isPending) return <Loading />;
  if (mill.isError) return <Alert color="red">{describeError(t, mill.error)}</Alert>;
  return <LandingPageForm key={mill.data.id} mill={mill.data} publicUrl={publicLandingUrl(millId)} />;
}
