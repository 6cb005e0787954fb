import { ActionIcon, Menu } from '@mantine/core';
import {
  IconAddressBook,
  IconArchive,
  IconArchiveOff,
  IconBuildingStore,
  IconDots,
  IconId,
  IconPackage,
  IconUser,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DealerTicket } from '@casebridge/shared/schemas/licence-tickets';
import type { ticketDeskRights } from './ticket-rights.ts';

/** The row dialogs the menu opens; the page holds them, one at a time. */
export type TicketRowDialog = 'customer' | 'dealer' | 'external' | 'registration' | 'activeProduct';

export interface TicketRowMenuProps {
  ticket: DealerTicket;
  rights: ReturnType<typeof ticketDeskRights>;
  onOpen: (dialog: TicketRowDialog) => void;
  onArchiveToggle: () => void;
  archiving: boolean;
}

/**
 * A row's actions behind one button (issue 24): six labelled buttons made the desk wider than a
 * 1366 px screen and every row several lines tall. The menu's items keep their words in every
 * language, and the arrow keys move between them (Mantine's menu).
 */
export function TicketRowMenu({ ticket, rights, onOpen, onArchiveToggle, archiving }: TicketRowMenuProps) {
  const { t } = useTranslation();
  const icon = { size: 16, 'aria-hidden': true } as const;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={t('ticketDesk.rowActions.menu', { key: ticket.key })} loading={archiving}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {/* A ticket of no dealer has no customers to pick from (the server refuses it too). */}
        <Menu.Item leftSection={<IconUser {...icon} />} disabled={ticket.dealer === null} onClick={() => onOpen('customer')}>
          {rights.assignsCustomers ? t('ticketDesk.rowActions.assignCustomer') : t('ticketDesk.rowActions.viewCustomers')}
        </Menu.Item>
        <Menu.Item leftSection={<IconBuildingStore {...icon} />} onClick={() => onOpen('dealer')}>
          {t('ticketDesk.rowActions.moveDealer')}
        </Menu.Item>
        {rights.setsExternalId && (
          <Menu.Item leftSection={<IconId {...icon} />} onClick={() => onOpen('external')}>
            {t('ticketDesk.rowActions.externalId')}
          </Menu.Item>
        )}
        {ticket.customer && (
          <Menu.Item leftSection={<IconAddressBook {...icon} />} onClick={() => onOpen('registration')}>
            {t('ticketDesk.rowActions.registrationData')}
          </Menu.Item>
        )}
        <Menu.Item leftSection={<IconPackage {...icon} />} onClick={() => onOpen('activeProduct')}>
          {t('ticketDesk.rowActions.activeProductDetails')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item leftSection={ticket.archived ? <IconArchiveOff {...icon} /> : <IconArchive {...icon} />} onClick={onArchiveToggle}>
          {ticket.archived ? t('ticketDesk.unarchive.action') : t('ticketDesk.archive.action')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
