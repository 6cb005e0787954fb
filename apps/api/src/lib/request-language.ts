import type { FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@casebridge/shared/constants/languages';

/**
 * The `locale` query parameter every call may carry (spec §7) picks the language of messages and
 * mails. Routes read it here and pass a plain language on: services never see the request.
 */
export function requestLocale(request: FastifyRequest): Language | null {
  const locale = (request.query as Record<string, unknown> | undefined)?.locale;
  return isLanguage(locale) ? locale : null;
}

/** The language of a mail: the request's `locale`, else the user's own, else the default. */
export function mailLanguage(request: FastifyRequest, userLanguage: string | null | undefined): Language {
  return requestLocale(request) ?? (isLanguage(userLanguage) ? userLanguage : DEFAULT_LANGUAGE);
}
