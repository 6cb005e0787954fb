import type { TFunction } from 'i18next';
import type { MillSummary } from '@casebridge/shared/schemas/auth';
import type { RoleType } from '@casebridge/shared/constants/roles';

/**
 * What a blocked mill tells this user (spec §2): its staff read the operator's message to their
 * mill; anyone else the reason as it concerns them. A lab the mill (or the system) blocked is told
 * it is the one blocked; otherwise it reads the reason the operator gave. Never blank.
 */
export function blockedMillText(t: TFunction, viewer: RoleType, mill: MillSummary): string {
  const name = mill.company.name;
  if (viewer === 'mill') return mill.blockedMillClientMessage?.trim() || t('blockedMill.ownMill');
  if (mill.blockedBy === 'mill') return t('blockedMill.byMill', { mill: name });
  if (mill.blockedBy === 'system') return t('blockedMill.bySystem', { mill: name });
  return mill.blockReason?.trim() || t('blockedMill.byOperator', { mill: name });
}
