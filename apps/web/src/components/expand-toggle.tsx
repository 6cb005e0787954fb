import { ActionIcon } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';

/**
 * The button that opens a row's details, in the table (data-table.tsx) and on a phone's card
 * (data-cards.tsx): a real button, so Enter and Space work; named by `label` and telling screen
 * readers whether it is open and, while open, which element it shows. Its click does not reach
 * the row, whose own click may open the row's page.
 */
export function ExpandToggle({
  label,
  open,
  controls,
  onToggle,
}: {
  label: string;
  open: boolean;
  /** The id of the details it shows; only named while they are rendered. */
  controls: string;
  onToggle: () => void;
}) {
  const Icon = open ? IconChevronDown : IconChevronRight;
  return (
    <ActionIcon
      variant="subtle"
      aria-label={label}
      aria-expanded={open}
      aria-controls={open ? controls : undefined}
      onClick={(event) => {
        event.stopPropagation();
        onToggle();
      }}
    >
      <Icon size={18} aria-hidden />
    </ActionIcon>
  );
}
