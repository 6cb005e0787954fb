import { readdir, readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { loadConfig, SETTING_NAMES } from './config.ts';
import { SHUTDOWN_LIMIT_MS } from './lib/shutdown-limits.ts';

/**
 * deploy/ cannot be tried here (no container engine, no cluster), so what can be checked from the
 * files is (issue 26): the settings the manifests give are ones config.ts reads and accepts, the
 * probes name real endpoints, the image starts the portal as `npm run start:api` does, and a
 * stopping pod has time to end itself before Kubernetes kills it.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const k8sFolder = path.join(root, 'deploy/k8s');

interface Probe {
  httpGet: { path: string; port: string };
  periodSeconds: number;
  failureThreshold: number;
}
interface Container {
  command?: string[];
  args?: string[];
  env?: { name: string }[];
  envFrom?: ({ configMapRef: { name: string } } | { secretRef: { name: string } })[];
  ports: { name: string }[];
  startupProbe: Probe;
  livenessProbe: Probe;
  readinessProbe: Probe;
  lifecycle: { preStop: { exec: { command: string[] } } };
}
interface Manifest {
  kind: string;
  metadata: { name: string };
  data?: Record<string, unknown>;
  stringData?: Record<string, unknown>;
  spec?: {
    template: { spec: { terminationGracePeriodSeconds: number; containers: Container[] } };
  };
}

let manifests: Manifest[];
let t: TestApp;
beforeAll(async () => {
  const files = (await readdir(k8sFolder)).filter((file) => file.endsWith('.yaml') && file !== 'kustomization.yaml');
  manifests = [];
  for (const file of files) {
    for (const document of parseAllDocuments(await readFile(path.join(k8sFolder, file), 'utf8'))) {
      if (document.errors.length > 0) throw new Error(`${file}: ${document.errors.join('; ')}`);
      manifests.push(document.toJS() as Manifest);
    }
  }
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function one(kind: string): Manifest {
  const found = manifests.filter((manifest) => manifest.kind === kind);
  expect(found, kind).toHaveLength(1);
  return found[0]!;
}
const portal = () => one('Deployment').spec!.template.spec;
const container = () => portal().containers[0]!;

/** The environment the pod gets: the ConfigMap's and the Secret's keys, and the container's own. */
function podEnvironment(): Record<string, string> {
  const config = one('ConfigMap');
  const secret = one('Secret');
  expect(container().envFrom).toEqual([{ configMapRef: { name: config.metadata.name } }, { secretRef: { name: secret.metadata.name } }]);
  const env = { ...config.data, ...secret.data, ...secret.stringData };
  for (const { name } of container().env ?? []) env[name] = '';
  for (const [name, value] of Object.entries(env)) expect(typeof value, `${name} must be a string in the manifest`).toBe('string');
  return env as Record<string, string>;
}

/** The configuration a pod loads once the operator has put a real secret in place of the example's placeholder. */
const deployedConfig = () =>
  loadConfig({
    ...podEnvironment(),
    JWT_SECRET: randomBytes(48).toString('base64url'),
    APP_ENCRYPTION_KEY: randomBytes(48).toString('base64url'),
  });

describe('the Kubernetes manifests', () => {
  it('set only environment variables config.ts reads, with values it accepts for production', () => {
    const env = podEnvironment();
    expect(Object.keys(env).filter((name) => !(SETTING_NAMES as string[]).includes(name))).toEqual([]);
    // The example Secret's placeholder is refused, so a copy applied unchanged cannot start a portal whose sessions anyone could forge.
    expect(() => loadConfig(env)).toThrow(/JWT_SECRET is still the example placeholder/);
    // The same for the key that seals the two-factor secrets (ADR 0020).
    expect(() => loadConfig({ ...env, JWT_SECRET: randomBytes(48).toString('base64url') })).toThrow(
      /APP_ENCRYPTION_KEY is still the example placeholder/,
    );
    const config = deployedConfig();
    expect([config.env, Boolean(config.databaseUrl), Boolean(config.jwtSecret), Boolean(config.redisUrl)]).toEqual([
      'production',
      true,
      true,
      true,
    ]);
  });

  it('probe endpoints the app answers 200, on a port the container opens', async () => {
    const { startupProbe, livenessProbe, readinessProbe, ports } = container();
    expect([livenessProbe.httpGet.path, readinessProbe.httpGet.path]).toEqual(['/api/health/live', '/api/health/ready']);
    for (const probe of [startupProbe, livenessProbe, readinessProbe]) {
      expect(ports.map((port) => port.name)).toContain(probe.httpGet.port);
      expect((await t.request({ method: 'GET', url: probe.httpGet.path })).statusCode, probe.httpGet.path).toBe(200);
    }
  });

  it('leave a stopping pod time to fail its readiness probe, drain and exit before Kubernetes kills it', () => {
    const { shutdownDelayMs } = deployedConfig();
    const { lifecycle, readinessProbe } = container();
    const [sleep, seconds] = lifecycle.preStop.exec.command;
    expect(sleep).toBe('sleep');
    const preStopMs = Number(seconds) * 1000;
    expect(readinessProbe.periodSeconds * readinessProbe.failureThreshold * 1000).toBeLessThanOrEqual(shutdownDelayMs);
    expect(preStopMs + shutdownDelayMs + SHUTDOWN_LIMIT_MS).toBeLessThan(portal().terminationGracePeriodSeconds * 1000);
  });

  it('are all listed in the kustomization, except the example Secret, which must never overwrite the real one', async () => {
    const kustomization = parseAllDocuments(await readFile(path.join(k8sFolder, 'kustomization.yaml'), 'utf8'))[0]!.toJS() as {
      resources: string[];
    };
    const files = (await readdir(k8sFolder)).filter((file) => file.endsWith('.yaml') && file !== 'kustomization.yaml');
    expect([...kustomization.resources].sort()).toEqual(files.filter((file) => file !== 'secret.example.yaml').sort());
  });
});

describe('the container image', () => {
  it('starts the portal with the command of `npm run start:api`, as a user other than root', async () => {
    const dockerfile = await readFile(path.join(root, 'deploy/Dockerfile'), 'utf8');
    const scripts = (JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    const commands = [...dockerfile.matchAll(/^CMD (\[.*\])$/gm)].map((match) => (JSON.parse(match[1]!) as string[]).join(' '));
    expect(commands).toEqual([scripts['start:api']]);
    const users = [...dockerfile.matchAll(/^USER (\S+)$/gm)].map((match) => match[1]);
    expect(users.at(-1)).toBeDefined();
    expect(users.at(-1)).not.toMatch(/^(root|0)$/);
    expect(container().command ?? container().args).toBeUndefined();
  });
});
