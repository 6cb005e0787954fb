import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OutboxMailer, StoredMail } from '../../platform/mail/mailer.ts';
import { escapeHtml } from '../../lib/html.ts';

const mailSchema = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.string(),
});

function linkify(text: string): string {
  return escapeHtml(text).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');
}

function outboxPage(mails: StoredMail[]): string {
  const items =
    mails
      .map(
        (m) =>
          `<article><h2>${escapeHtml(m.subject)}</h2><p><b>To:</b> ${escapeHtml(m.to)} · <time>${escapeHtml(m.createdAt)}</time></p><pre>${linkify(m.text)}</pre></article>`,
      )
      .join('') || '<p>No mail yet.</p>';
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Outbox</title><style>body{font-family:system-ui,sans-serif;max-width:50rem;margin:2rem ` +
    `auto;padding:0 1rem}article{border-bottom:1px solid #ddd;padding:.5rem 0}pre{white-space:pre-wrap}</style></head><body><h1>Outbox ` +
    `(development)</h1>${items}</body></html>`
  );
}

/** The local outbox, for development and tests only: never registered in production. */
export function devMailRoutes(outbox: OutboxMailer): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/dev/mail', {
      config: { access: 'public' },
      schema: {
        tags: ['dev'],
        summary: 'Mails in the local outbox, newest first',
        response: { 200: z.object({ mails: z.array(mailSchema) }) },
      },
      handler: async () => ({ mails: await outbox.list() }),
    });
    app.get('/dev/mail', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) =>
      reply.header('content-type', 'text/html; charset=utf-8').send(outboxPage(await outbox.list())),
    );
  };
}
