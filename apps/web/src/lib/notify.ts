import { notifications } from '@mantine/notifications';
import i18next, { type TFunction } from 'i18next';
import { describeError, describeServerError } from './error-message.ts';
import { loadAllTranslations } from './i18n.ts';

/** Spec §9: toasts hide themselves after 5 seconds. */
export const TOAST_AUTO_CLOSE_MS = 5000;

export function notifySuccess(message: string, title?: string): void {
  notifications.show({ color: 'green', title, message, autoClose: TOAST_AUTO_CLOSE_MS });
}

export function notifyInfo(message: string, title?: string): void {
  notifications.show({ color: 'blue', title, message, autoClose: TOAST_AUTO_CLOSE_MS });
}

/**
 * Spec §2's notice that the company information comes first. It follows a sign-in on the public
 * home, whose English is only the first paint's texts (lib/first-paint-namespaces.ts), so it waits
 * for the rest of English: shown at once, it read `company.updateFirst` (issue 24 item 3).
 */
export function notifyCompanyInfoFirst(): void {
  void loadAllTranslations().then(() => notifyInfo(i18next.t('company.updateFirst')));
}

export function notifyError(t: TFunction, error: unknown, title?: string): void {
  notifications.show({
    color: 'red',
    title: title ?? t('common.errorTitle'),
    message: describeError(t, error),
    autoClose: TOAST_AUTO_CLOSE_MS,
  });
}

/**
 * Spec §8: some failures are best told in the server's own words (a system-blocked client
 * "contact your admin"); network failures and empty messages fall back to the translated code.
 */
export function notifyServerMessage(t: TFunction, error: unknown, title?: string): void {
  notifications.show({
    color: 'red',
    title: title ?? t('common.errorTitle'),
    message: describeServerError(t, error),
    autoClose: TOAST_AUTO_CLOSE_MS,
  });
}
