import { Anchor, Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { useSession } from '../../../lib/session.ts';
import { useOwnDealer } from '../api/dealers-api.ts';

/**
 * The dealer frame of spec §2: the dealer's name and Reseller Id above every dealer page. The
 * session names the dealer but not its Reseller Id, so the dealer is read once (GET /dealers/{id}).
 */
export function DealerFrame() {
  const { t } = useTranslation();
  const { session } = useSession();
  const own = useOwnDealer();
  const name = own.data?.name ?? own.membership?.name;
  return (
    <>
      {name && (
        <Group gap="xs" mb="md" aria-label={t('dealers.frameLabel')} role="note">
          <Text fw={600}>{name}</Text>
          {own.data && (
            <Badge variant="light" aria-label={t('dealers.frameDealerId', { id: own.data.dealerId })}>
              {own.data.dealerId}
            </Badge>
          )}
          {/* Spec §2: the config test link only where the dealer may use own configurations (its root allowing them too). */}
          {session?.actions.includes('dealerConfig.edit') && (
            <Anchor component={Link} to="/dealer/config/result" size="sm" ml="auto">
              {t('dealerConfig.nav')}
            </Anchor>
          )}
        </Group>
      )}
      <Outlet />
    </>
  );
}
