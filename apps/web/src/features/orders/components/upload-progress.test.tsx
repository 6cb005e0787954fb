import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UploadProgress } from './upload-progress.tsx';

/** Rerendering must keep the component mounted, so the wrapper (not a router) holds the providers. */
const renderBar = (ui: ReactNode) => render(ui, { wrapper: ({ children }) => <MantineProvider>{children}</MantineProvider> });

const MIB = 1024 * 1024;
const detail = () => screen.getByTestId('upload-progress-detail').textContent;
const bar = () => screen.getByRole('progressbar', { name: 'Upload progress of scan.stl' });

afterEach(() => {
  vi.useRealTimers();
});

describe('UploadProgress', () => {
  it('shows share and amount at once, then speed and time left once the bytes move', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(10_000);
    const total = 20 * MIB;
    const { rerender } = renderBar(<UploadProgress label="Upload progress of scan.stl" sent={0} total={total} status="uploading" />);
    expect(detail()).toBe('0% · 0 B of 20.0 MiB');

    vi.setSystemTime(12_000);
    rerender(<UploadProgress label="Upload progress of scan.stl" sent={4 * MIB} total={total} status="uploading" />);
    // 4 MiB in 2 s: 2 MiB/s, and 16 MiB to go take 8 s.
    expect(detail()).toBe('20% · 4.0 MiB of 20.0 MiB · 2.0 MiB/s · 8 sec left');
    expect(bar().getAttribute('aria-valuenow')).toBe('20');
  });

  it('ends at 100 % without speed, and shows no figures for a failed upload', () => {
    const { rerender } = renderBar(<UploadProgress label="Upload progress of scan.stl" sent={5 * MIB} total={5 * MIB} status="done" />);
    expect(detail()).toBe('100% · 5.0 MiB of 5.0 MiB');
    rerender(<UploadProgress label="Upload progress of scan.stl" sent={0} total={5 * MIB} status="failed" />);
    expect(screen.queryByTestId('upload-progress-detail')).toBeNull();
    expect(bar()).toBeTruthy();
  });
});
