import { Progress } from '@mantine/core';

/** A progress bar whose `progressbar` element itself carries the accessible name. */
export function LabelledProgress({ label, value, color }: { label: string; value: number; color?: string }) {
  const rounded = Math.round(Math.max(0, Math.min(100, value)));
  return (
    <Progress.Root size="md">
      <Progress.Section value={rounded} aria-label={label} color={color} />
    </Progress.Root>
  );
}
