import { Alert, Center, Image, Loader, Modal, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PREVIEWABLE_3D, extensionOf } from '@casebridge/shared/constants/orders';
import { describeError } from '../../../lib/error-message.ts';
import { ordersApi } from '../api/orders-api.ts';
import type { MeshFormat } from './mesh-renderer.ts';

const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'webp'];

export type PreviewKind = 'mesh' | 'image' | null;

export function previewKind(filename: string): PreviewKind {
  const extension = extensionOf(filename);
  if ((PREVIEWABLE_3D as readonly string[]).includes(extension)) return 'mesh';
  if (IMAGE_EXTENSIONS.includes(extension)) return 'image';
  return null;
}

/** The file's bytes through a fresh one-time link (the link is used once, by this fetch). */
async function fetchBytes(fileId: number, signal: AbortSignal): Promise<ArrayBuffer> {
  const { url } = await ordersApi.fileLink(fileId);
  const response = await fetch(url, { signal });
  if (!response.ok) throw new Error(response.statusText || `HTTP ${response.status}`);
  return response.arrayBuffer();
}

function MeshPreview({ fileId, name }: { fileId: number; name: string }) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    let dispose: (() => void) | null = null;
    const format = extensionOf(name) as MeshFormat;
    Promise.all([fetchBytes(fileId, controller.signal), import('./mesh-renderer.ts')])
      .then(([bytes, renderer]) => {
        if (controller.signal.aborted || !canvas.current) return;
        dispose = renderer.renderMesh(canvas.current, bytes, format);
        setState('ready');
      })
      .catch((reason: unknown) => {
        if (controller.signal.aborted) return;
        setError(reason instanceof Error && !('body' in reason) ? reason.message : describeError(t, reason));
        setState('failed');
      });
    return () => {
      controller.abort();
      dispose?.();
    };
  }, [fileId, name, t]);

  return (
    <div style={{ position: 'relative' }}>
      <canvas
        ref={canvas}
        role="img"
        aria-label={t('orders.preview3d', { name })}
        style={{ width: '100%', height: 480, display: 'block', borderRadius: 8 }}
      />
      {state === 'loading' && (
        <Center style={{ position: 'absolute', inset: 0 }} role="status" aria-label={t('common.loading')}>
          <Loader />
        </Center>
      )}
      {state === 'failed' && (
        <Alert color="red" mt="sm">
          {t('orders.previewFailed', { reason: error ?? '' })}
        </Alert>
      )}
      {state === 'ready' && (
        <Text size="xs" c="dimmed" mt={4}>
          {t('orders.previewHint')}
        </Text>
      )}
    </div>
  );
}

function ImagePreview({ fileId, name }: { fileId: number; name: string }) {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    fetchBytes(fileId, controller.signal)
      .then((bytes) => {
        objectUrl = URL.createObjectURL(new Blob([bytes]));
        setSrc(objectUrl);
      })
      .catch((reason: unknown) => {
        if (!controller.signal.aborted) setError(reason instanceof Error ? reason.message : String(reason));
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [fileId]);
  if (error) return <Alert color="red">{t('orders.previewFailed', { reason: error })}</Alert>;
  if (!src) return <Center py="xl" role="status" aria-label={t('common.loading')}><Loader /></Center>;
  return <Image src={src} alt={name} fit="contain" mah={560} />;
}

export function PreviewDialog({ file, onClose }: { file: { id: number; name: string } | null; onClose: () => void }) {
  const { t } = useTranslation();
  const kind = file ? previewKind(file.name) : null;
  return (
    <Modal opened={file !== null} onClose={onClose} title={file ? t('orders.previewTitle', { name: file.name }) : ''} size="xl" centered>
      {file && kind === 'mesh' && <MeshPreview fileId={file.id} name={file.name} />}
      {file && kind === 'image' && <ImagePreview fileId={file.id} name={file.name} />}
    </Modal>
  );
}
