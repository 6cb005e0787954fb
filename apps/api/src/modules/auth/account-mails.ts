import type { FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@casebridge/shared/constants/languages';
import type { AppDeps } from '../../deps.ts';
import { renderMail, type MailKind } from '../../platform/mail/templates.ts';

/** The `locale` query parameter every call may carry (spec §7) picks the language of mails too. */
export function requestLocale(request: FastifyRequest): Language | null {
  const locale = (request.query as Record<string, unknown> | undefined)?.locale;
  return isLanguage(locale) ? locale : null;
}

export function mailLanguage(request: FastifyRequest, userLanguage: string | null | undefined): Language {
  return requestLocale(request) ?? (isLanguage(userLanguage) ? userLanguage : DEFAULT_LANGUAGE);
}

function linkFor(deps: AppDeps, kind: MailKind, token: string, millId?: number): string {
  const base = deps.config.publicUrl;
  if (kind === 'confirmation') return `${base}/?confirmation=${token}`;
  if (kind === 'reset') return `${base}/?code=${token}`;
  // Lab and staff invitations share the account-creation flow of the home page.
  return `${base}/?activation=${token}&millId=${millId}`;
}

export async function sendAccountMail(
  deps: AppDeps,
  kind: MailKind,
  to: { email: string; firstName: string },
  language: Language,
  token: string,
  millId?: number,
): Promise<void> {
  const mail = renderMail(kind, language, to.firstName, linkFor(deps, kind, token, millId));
  await deps.mailer.send({ to: to.email, ...mail });
}
