import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { mockFetch } from '../../../test/render.tsx';
import { fetchInvoicePdf } from './contract-api.ts';

// The invoice PDF is bytes, not JSON a contract describes, so its calls are faked by hand.
afterEach(() => vi.unstubAllGlobals());

describe('fetchInvoicePdf', () => {
  it('passes a refusal on as the ApiError with the server message', async () => {
    const calls = mockFetch(() => ({
      status: 404,
      body: { statusCode: 404, error: 'Not Found', code: 'NOT_FOUND', message: 'Invoice not found' },
    }));
    await expect(fetchInvoicePdf('/api/payments/invoices/3/pdf')).rejects.toSatisfy(
      (error) => error instanceof ApiError && error.code === 'NOT_FOUND' && error.message === 'Invoice not found',
    );
    expect(new URL(calls[0]!.url, 'http://localhost').pathname).toBe('/api/payments/invoices/3/pdf');
  });

  it("makes an answer that is not our error body (a proxy's page) into an ApiError with its status", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' })),
    );
    await expect(fetchInvoicePdf('/api/payments/invoices/3/pdf')).rejects.toSatisfy(
      (error) => error instanceof ApiError && error.status === 502 && error.code === 'INTERNAL',
    );
  });
});
