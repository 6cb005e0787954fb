import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { testCardBodySchema, testCheckoutSchema, testPayResponseSchema } from '@casebridge/shared/schemas/billing';
import { apiRequest } from '../../../lib/api-client.ts';

/** The built-in test payment provider's pages (only while no real provider is configured). */
type TestCheckout = z.infer<typeof testCheckoutSchema>;
export type TestCard = z.input<typeof testCardBodySchema>;
type CardResult = z.infer<typeof testPayResponseSchema>;

export function useTestCheckout(sessionId: string) {
  return useQuery({
    queryKey: ['test-payments', 'checkouts', sessionId],
    queryFn: ({ signal }) => apiRequest<TestCheckout>(`/test-payments/checkouts/${encodeURIComponent(sessionId)}`, { signal }),
  });
}

export function usePayTestCheckout(sessionId: string) {
  return useMutation({
    mutationFn: (card: TestCard) =>
      apiRequest<CardResult>(`/test-payments/checkouts/${encodeURIComponent(sessionId)}/pay`, { method: 'POST', body: card }),
  });
}

export function useAbandonTestCheckout(sessionId: string) {
  return useMutation({
    mutationFn: () =>
      apiRequest<{ redirectUrl: string }>(`/test-payments/checkouts/${encodeURIComponent(sessionId)}/abandon`, { method: 'POST' }),
  });
}

export function useReplaceTestCard(portalId: string) {
  return useMutation({
    mutationFn: (card: TestCard) =>
      apiRequest<CardResult>(`/test-payments/cards/${encodeURIComponent(portalId)}`, { method: 'POST', body: card }),
  });
}
