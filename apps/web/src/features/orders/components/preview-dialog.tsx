import { Alert, Button, Center, Group, Image, Loader, Modal, Progress, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PREVIEWABLE_3D, extensionOf } from '@casebridge/shared/constants/orders';
import { formatBytes } from '@casebridge/shared/format/bytes';
import { describeError } from '../../../lib/error-message.ts';
import { ordersApi } from '../api/orders-api.ts';
import type { MeshFormat, PreviewMessage, ViewSize } from '../mesh/preview-protocol.ts';
import { startPreviewWorker, type PreviewWorker } from '../mesh/preview-worker.ts';

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

/**
 * Files above this are not previewed: the download would take long and the browser tab could run
 * out of memory, while the mill opens them in CAD software anyway. Stated in the dialog and README.
 */
export const PREVIEW_MAX_BYTES = 300 * 1024 * 1024;

/** Triangles about as many as the canvas has pixels: more would not show, only cost memory and frames. */
const MIN_VERTICES = 20_000;
const MAX_VERTICES = 200_000;
const CANVAS_HEIGHT = 'min(480px, 60vh)';

function sizeOf(canvas: HTMLCanvasElement): ViewSize {
  return { width: canvas.clientWidth || 600, height: canvas.clientHeight || 400, pixelRatio: window.devicePixelRatio || 1 };
}

function vertexBudget({ width, height, pixelRatio }: ViewSize): number {
  const pixels = width * height * Math.min(pixelRatio, 2);
  return Math.round(Math.min(MAX_VERTICES, Math.max(MIN_VERTICES, pixels / 2)));
}

/** Hands the canvas's drags (left: turn, right or with Shift: move) and wheel turns to the worker. */
function forwardPointer(canvas: HTMLCanvasElement, worker: PreviewWorker): () => void {
  let drag: { x: number; y: number; pan: boolean } | null = null;
  const down = (event: PointerEvent) => {
    drag = { x: event.clientX, y: event.clientY, pan: event.button === 2 || event.shiftKey };
    canvas.setPointerCapture(event.pointerId);
  };
  const move = (event: PointerEvent) => {
    if (!drag) return;
    worker.input({ type: drag.pan ? 'pan' : 'rotate', dx: event.clientX - drag.x, dy: event.clientY - drag.y });
    drag = { ...drag, x: event.clientX, y: event.clientY };
  };
  const up = () => (drag = null);
  const wheel = (event: WheelEvent) => {
    event.preventDefault();
    worker.input({ type: 'zoom', steps: Math.sign(event.deltaY) });
  };
  const menu = (event: Event) => event.preventDefault();
  const listeners: [string, EventListener, AddEventListenerOptions?][] = [
    ['pointerdown', down as EventListener],
    ['pointermove', move as EventListener],
    ['pointerup', up],
    ['pointercancel', up],
    ['wheel', wheel as EventListener, { passive: false }],
    ['contextmenu', menu],
  ];
  for (const [type, listener, options] of listeners) canvas.addEventListener(type, listener, options);
  return () => {
    for (const [type, listener] of listeners) canvas.removeEventListener(type, listener);
  };
}

type MeshState =
  | { phase: 'loading'; received: number; total: number | null }
  | { phase: 'ready'; shown: number; source: number }
  | { phase: 'failed'; reason: string };

function MeshStatus({ state }: { state: MeshState }) {
  const { t, i18n } = useTranslation();
  const count = (value: number) => value.toLocaleString(i18n.language);
  if (state.phase === 'failed') {
    return (
      <Alert color="red" mt="sm">
        {t('orders.previewFailed', { reason: state.reason })}
      </Alert>
    );
  }
  if (state.phase === 'loading') {
    const label = state.total
      ? t('orders.previewLoading', { received: formatBytes(state.received), total: formatBytes(state.total) })
      : t('orders.previewLoadingUnknown', { received: formatBytes(state.received) });
    return (
      <Stack gap={4} mt={4} role="status">
        <Progress value={state.total ? (100 * state.received) / state.total : 100} animated={!state.total} aria-label={label} />
        <Text size="xs" c="dimmed">
          {label}
        </Text>
      </Stack>
    );
  }
  return (
    <Text size="xs" c="dimmed" mt={4}>
      {state.shown < state.source && `${t('orders.previewSimplified', { shown: count(state.shown), total: count(state.source) })} `}
      {t('orders.previewHint')}
    </Text>
  );
}

function MeshPreview({ fileId, name }: { fileId: number; name: string }) {
  const { t } = useTranslation();
  const holder = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<MeshState>({ phase: 'loading', received: 0, total: null });

  useEffect(() => {
    let cancelled = false;
    const cleanups: (() => void)[] = [];
    // A canvas of this effect's own: once handed to the worker it cannot be handed again.
    const canvas = document.createElement('canvas');
    canvas.setAttribute('role', 'img');
    canvas.setAttribute('aria-label', t('orders.preview3d', { name }));
    Object.assign(canvas.style, { width: '100%', height: CANVAS_HEIGHT, display: 'block', borderRadius: '8px', touchAction: 'none' });
    holder.current?.prepend(canvas);
    cleanups.push(() => canvas.remove());
    const onMessage = (message: PreviewMessage) => {
      if (cancelled) return;
      if (message.type === 'progress') setState({ phase: 'loading', received: message.received, total: message.total });
      else if (message.type === 'failed') setState({ phase: 'failed', reason: message.message });
      else setState({ phase: 'ready', shown: message.shown, source: message.source });
    };
    ordersApi
      .fileLink(fileId)
      .then(({ url }) => {
        if (cancelled) return;
        const size = sizeOf(canvas);
        const request = {
          url,
          format: extensionOf(name) as MeshFormat,
          maxVertices: vertexBudget(size),
          canvas: canvas.transferControlToOffscreen(),
          size,
        };
        const worker = startPreviewWorker(request, onMessage);
        const observer = new ResizeObserver(() => worker.resize(sizeOf(canvas)));
        observer.observe(canvas);
        cleanups.push(forwardPointer(canvas, worker), () => observer.disconnect(), worker.stop);
      })
      .catch((reason: unknown) => !cancelled && setState({ phase: 'failed', reason: describeError(t, reason) }));
    return () => {
      cancelled = true;
      for (const cleanup of cleanups) cleanup();
    };
  }, [fileId, name, t]);

  return (
    <div ref={holder} style={{ position: 'relative' }}>
      {state.phase === 'loading' && (
        <Center style={{ position: 'absolute', top: 0, left: 0, right: 0, height: CANVAS_HEIGHT }}>
          <Loader aria-hidden />
        </Center>
      )}
      <MeshStatus state={state} />
    </div>
  );
}

/** Instead of the preview of a file above the limit: why, and its download. */
function TooLargeToPreview({ file, onDownload }: { file: PreviewedFile; onDownload: (file: PreviewedFile) => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Alert color="blue">
        {t('orders.previewTooLarge', { name: file.name, size: formatBytes(file.size), limit: formatBytes(PREVIEW_MAX_BYTES) })}
      </Alert>
      <Group justify="flex-end">
        <Button leftSection={<IconDownload size={16} aria-hidden />} onClick={() => onDownload(file)}>
          {t('orders.downloadNamed', { name: file.name })}
        </Button>
      </Group>
    </Stack>
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
  if (!src)
    return (
      <Center py="xl" role="status" aria-label={t('common.loading')}>
        <Loader />
      </Center>
    );
  return <Image src={src} alt={name} fit="contain" mah={560} />;
}

export interface PreviewedFile {
  id: number;
  name: string;
  size: number;
}

export function PreviewDialog({
  file,
  onClose,
  onDownload,
}: {
  file: PreviewedFile | null;
  onClose: () => void;
  onDownload: (file: PreviewedFile) => void;
}) {
  const { t } = useTranslation();
  const kind = file ? previewKind(file.name) : null;
  const tooLarge = file !== null && file.size > PREVIEW_MAX_BYTES;
  return (
    <Modal opened={file !== null} onClose={onClose} title={file ? t('orders.previewTitle', { name: file.name }) : ''} size="xl" centered>
      {file && tooLarge && <TooLargeToPreview file={file} onDownload={onDownload} />}
      {file && !tooLarge && kind === 'mesh' && <MeshPreview fileId={file.id} name={file.name} />}
      {file && !tooLarge && kind === 'image' && <ImagePreview fileId={file.id} name={file.name} />}
    </Modal>
  );
}
