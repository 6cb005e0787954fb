import { useMediaQuery } from '@mantine/hooks';

/** Below Mantine's `sm` breakpoint (48em): the sidebar folds away and tables become cards. */
export const PHONE_MEDIA_QUERY = '(max-width: 47.99em)';

/**
 * Whether the screen is phone-narrow. Read synchronously on the first render, so a phone never
 * renders the wide layout first (and the wide header never pushes the page sideways).
 */
export function usePhoneLayout(): boolean {
  return useMediaQuery(PHONE_MEDIA_QUERY, false, { getInitialValueInEffect: false });
}
