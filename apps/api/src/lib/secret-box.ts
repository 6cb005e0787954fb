import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/**
 * Secrets kept at rest in the database (a TOTP seed), sealed with AES-256-GCM under a key derived
 * from the configured APP_ENCRYPTION_KEY (ADR 0020): a copy of the database alone opens none of
 * them, and a changed ciphertext is refused instead of decrypting to garbage. The stored form is
 * `v1.<iv>.<tag>.<ciphertext>` (base64url), so a later key can be told apart by its version.
 */
export class SecretBox {
  private readonly key: Buffer;

  /** `purpose` keeps the keys of different kinds of secrets apart, though one master key is configured. */
  constructor(masterKey: string, purpose: string) {
    this.key = createHmac('sha256', masterKey).update(`secret-box:${purpose}`).digest();
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), body].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
  }

  open(sealed: string): string {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('Not a sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }

  /** A keyed hash for values only ever compared (recovery codes): without the key a leaked hash cannot be tried offline. */
  digest(value: string): string {
    return createHmac('sha256', this.key).update(value).digest('base64url');
  }
}
