import { z } from 'zod';
import { authResponseSchema } from './auth.ts';
import { lineSchema } from './common.ts';

/** Binary fields of WebAuthn travel as base64url (the browser package encodes them so). */
const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/, 'base64url');

const TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;

/** A name the user gives a passkey ("Laptop", "YubiKey"), to tell them apart in the list. */
export const passkeyNameSchema = lineSchema.trim().min(1).max(60);

const credentialDescriptorSchema = z.object({
  id: z.string(),
  type: z.string(),
  transports: z.array(z.string()).optional(),
});
const extensionsSchema = z.object({ credProps: z.boolean().optional(), appid: z.string().optional() });

/**
 * The options the browser hands to `navigator.credentials.create()`, as the server library writes
 * them (W3C WebAuthn's JSON form); the web app passes them on untouched.
 */
export const creationOptionsSchema = z.object({
  rp: z.object({ id: z.string().optional(), name: z.string() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  challenge: z.string(),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.string() })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(credentialDescriptorSchema).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
      userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
    })
    .optional(),
  hints: z.array(z.enum(['hybrid', 'security-key', 'client-device'])).optional(),
  attestation: z.enum(['direct', 'enterprise', 'indirect', 'none']).optional(),
  extensions: extensionsSchema.optional(),
});

/** The options for `navigator.credentials.get()`. */
export const requestOptionsSchema = z.object({
  challenge: z.string(),
  timeout: z.number().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(credentialDescriptorSchema).optional(),
  userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
  hints: z.array(z.enum(['hybrid', 'security-key', 'client-device'])).optional(),
  extensions: extensionsSchema.optional(),
});

/** `RegistrationResponseJSON`: what `navigator.credentials.create()` answered. */
export const registrationResponseSchema = z.object({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(16_384),
    authenticatorData: base64url(4096).optional(),
    transports: z.array(z.enum(TRANSPORTS)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(4096).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()),
});

/** `AuthenticationResponseJSON`: what `navigator.credentials.get()` answered (an assertion). */
export const authenticationResponseSchema = z.object({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(4096),
    signature: base64url(1024),
    userHandle: base64url(256).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()),
});
export type AuthenticationResponse = z.infer<typeof authenticationResponseSchema>;

export const passkeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

export const passkeyListSchema = z.object({ passkeys: z.array(passkeySchema) });

/** Adding a passkey needs the current password: a borrowed open session must not plant a key of its own (ADR 0023). */
export const passkeyOptionsBodySchema = z.object({ password: z.string().min(1).max(1024) });
export const passkeyCreationSchema = z.object({ options: creationOptionsSchema });
export const addPasskeyBodySchema = z.object({ name: passkeyNameSchema, response: registrationResponseSchema });
export const renamePasskeyBodySchema = z.object({ name: passkeyNameSchema });

export const passkeyRequestSchema = z.object({ options: requestOptionsSchema });
export const passkeySignInBodySchema = z.object({ response: authenticationResponseSchema });
export const passkeySignInSchema = authResponseSchema;
