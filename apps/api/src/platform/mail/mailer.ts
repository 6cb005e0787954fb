import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface StoredMail extends MailMessage {
  id: string;
  from: string;
  createdAt: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Without SMTP the mails land as JSON files in DATA_DIR/outbox, so sign-up and password reset
 * work offline; /dev/mail lists them. Files are written to a temporary name and renamed,
 * so a reader never sees half a mail.
 */
export class OutboxMailer implements Mailer {
  constructor(
    private readonly dir: string,
    private readonly from: string,
  ) {}

  async send(message: MailMessage): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const createdAt = new Date().toISOString();
    const id = `${createdAt.replace(/[:.]/g, '-')}-${randomUUID()}`;
    const mail: StoredMail = { id, from: this.from, createdAt, ...message };
    const file = path.join(this.dir, `${id}.json`);
    await writeFile(`${file}.tmp`, JSON.stringify(mail));
    await rename(`${file}.tmp`, file);
  }

  async list(limit = 100): Promise<StoredMail[]> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    const newest = names
      .filter((name) => name.endsWith('.json'))
      .sort()
      .reverse()
      .slice(0, limit);
    return Promise.all(newest.map(async (name) => JSON.parse(await readFile(path.join(this.dir, name), 'utf8')) as StoredMail));
  }
}

export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(url);
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...message });
  }
}
