import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export interface SupportMessage {
  topic: string;
  message: string;
}

export function useSendSupportMessage(millId: number) {
  return useMutation({
    mutationFn: (body: SupportMessage) =>
      apiRequest<{ ok: boolean; message: string }>(`/mills/${millId}/support/contact/send-email`, { method: 'POST', body }),
  });
}
