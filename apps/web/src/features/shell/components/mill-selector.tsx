import { Avatar, Group, Select, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MillSummary } from '@casebridge/shared/schemas/auth';

function MillLogo({ mill, size = 24 }: { mill: MillSummary | undefined; size?: number }) {
  return (
    <Avatar src={mill?.company.logo?.url} size={size} radius="sm" alt="">
      {mill?.company.name.slice(0, 2).toUpperCase()}
    </Avatar>
  );
}

export function MillSelector({
  mills,
  selected,
  onSelect,
  width = 240,
}: {
  mills: MillSummary[];
  selected: MillSummary | null;
  onSelect: (millId: number) => void;
  width?: number | string;
}) {
  const { t } = useTranslation();
  if (mills.length === 0) return null;
  if (mills.length === 1 && selected) {
    return (
      <Group gap="xs" wrap="nowrap" maw={width} miw={0}>
        <MillLogo mill={selected} />
        <Text fw={500} truncate>
          {selected.company.name}
        </Text>
      </Group>
    );
  }
  const byId = new Map(mills.map((mill) => [String(mill.id), mill]));
  return (
    <Select
      aria-label={t('shell.millSelector')}
      data={mills.map((mill) => ({ value: String(mill.id), label: mill.company.name }))}
      value={selected ? String(selected.id) : null}
      onChange={(value) => value && onSelect(Number(value))}
      allowDeselect={false}
      leftSection={<MillLogo mill={selected ?? undefined} size={20} />}
      renderOption={({ option }) => (
        <Group gap="xs" wrap="nowrap">
          <MillLogo mill={byId.get(option.value)} size={20} />
          <Text size="sm">{option.label}</Text>
        </Group>
      )}
      w={width}
    />
  );
}
