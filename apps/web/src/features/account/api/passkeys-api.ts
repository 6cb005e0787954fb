import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { startRegistration } from '@simplewebauthn/browser';
import { addPasskey, listPasskeys, passkeyRegistrationOptions, removePasskey, renamePasskey } from '@casebridge/shared/contracts/passkeys';
import { twoFactorStatus } from '@casebridge/shared/contracts/two-factor';
import { callEndpoint } from '../../../lib/api-call.ts';
import { endpointQuery, pathKey, useEndpointMutation } from '../../../lib/endpoint-query.ts';

/** One's passkeys (ADR 0023); the two-factor status counts them too, so both refresh after a change. */
const passkeysQuery = endpointQuery(listPasskeys, {});
const stale = [pathKey(listPasskeys), pathKey(twoFactorStatus)] as const;

export function usePasskeys() {
  return useQuery(passkeysQuery);
}

/** The password opens the options; the browser (and the user's authenticator) makes the key; the server checks it. */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ name, password }: { name: string; password: string }) => {
      const { options } = await callEndpoint(passkeyRegistrationOptions, { body: { password } });
      const response = await startRegistration({ optionsJSON: options as Parameters<typeof startRegistration>[0]['optionsJSON'] });
      return callEndpoint(addPasskey, { body: { name, response: response as never } });
    },
    onSuccess: () => Promise.all(stale.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

export function useRenamePasskey() {
  return useEndpointMutation(
    renamePasskey,
    ({ id, name }: { id: number; name: string }) => ({ params: { passkeyId: id }, body: { name } }),
    stale,
  );
}

export function useRemovePasskey() {
  return useEndpointMutation(removePasskey, (id: number) => ({ params: { passkeyId: id } }), stale);
}
