import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@casebridge/shared/constants/languages';
import { createMill } from '../../../test/factories.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { renderMail, type MailKind } from './templates.ts';

describe('account mail texts', () => {
  it('exist in all six languages for every kind, each with its link and no English fallback', () => {
    for (const kind of ['confirmation', 'reset', 'invitation'] as MailKind[]) {
      const subjects = new Set<string>();
      for (const language of LANGUAGES) {
        const mail = renderMail(kind, language, 'Zoë <b>', 'https://portal.test/?x=1&y=2');
        expect(mail.text).toContain('https://portal.test/?x=1&y=2');
        expect(mail.html).toContain('href="https://portal.test/?x=1&amp;y=2"');
        expect(mail.html).not.toContain('<b>');
        subjects.add(mail.subject);
      }
      expect(subjects.size).toBe(LANGUAGES.length);
    }
  });
});

describe('SMTP delivery', () => {
  it('sends through SMTP_URL instead of the outbox', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let data = '';
        stream.on('data', (chunk) => (data += chunk));
        stream.on('end', () => {
          received.push(data);
          callback();
        });
      },
    });
    server.listen(0, '127.0.0.1');
    await once(server.server, 'listening');
    const { port } = server.server.address() as AddressInfo;
    const t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    try {
      const { admin } = await createMill(t.db);
      await t.request({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: admin.email } });
      const deadline = Date.now() + 5000;
      while (received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(received).toHaveLength(1);
      expect(received[0]).toContain(admin.email);
      expect(received[0]).toContain('Reset your CaseBridge password');
      expect(await t.mails()).toEqual([]);
      expect((await t.request({ method: 'GET', url: '/api/dev/mail' })).statusCode).toBe(404);
    } finally {
      await t.close();
      server.close();
    }
  });
});
