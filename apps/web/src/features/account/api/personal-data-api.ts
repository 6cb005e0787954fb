import { useQuery } from '@tanstack/react-query';
import * as contracts from '@casebridge/shared/contracts/personal-data';
import { pathOf } from '@casebridge/shared/contracts/core';
import type { DeleteAccountBody } from '@casebridge/shared/schemas/personal-data';
import { authHeaders, buildUrl, errorFromResponse, parseBody } from '../../../lib/api-client.ts';
import { endpointQuery, pathKey, useEndpointMutation } from '../../../lib/endpoint-query.ts';

/** The user's own data (issue 28 part 4, docs/privacy.md): the export's state, asking for one, deleting the account. */
const exportQuery = endpointQuery(contracts.dataExportState, {});

export function useDataExport() {
  return useQuery(exportQuery);
}

export function useRequestDataExport() {
  return useEndpointMutation(contracts.requestDataExport, () => ({}), [pathKey(contracts.dataExportState)]);
}

export function useDeleteAccount() {
  return useEndpointMutation(contracts.deleteAccount, (body: DeleteAccountBody) => ({ body }), []);
}

/**
 * The mailed link's ZIP, fetched with the signed-in user's token (the link alone downloads
 * nothing): held in memory and saved, as an export holds no order file's bytes.
 */
export async function fetchDataExport(token: string): Promise<{ blob: Blob; filename: string }> {
  const response = await fetch(buildUrl(pathOf(contracts.downloadDataExport, { token })), { headers: authHeaders() });
  if (!response.ok) throw errorFromResponse(response, parseBody(await response.text()));
  const disposition = response.headers.get('content-disposition') ?? '';
  const named = /filename\*=UTF-8''([^;]+)/.exec(disposition);
  return { blob: await response.blob(), filename: named ? decodeURIComponent(named[1]!) : 'casebridge-data.zip' };
}
