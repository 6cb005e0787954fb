import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { UsageDonutChart } from './usage-donut.tsx';

function donut(used: number, limit: number) {
  const { container } = renderWithProviders(<UsageDonutChart used={used} limit={limit} />);
  return within(container).getByRole('img');
}

describe('UsageDonutChart', () => {
  it('names the orders of this period against the maximum', () => {
    expect(donut(12, 20).getAttribute('aria-label')).toBe('12 of 20 orders this period (60 %)');
  });

  it('caps the share at 100 % when more orders were created than the plan allows', () => {
    expect(donut(25, 20).getAttribute('aria-label')).toBe('25 of 20 orders this period (100 %)');
  });

  it('turns to the danger style above 80 % only', () => {
    expect(donut(16, 20).getAttribute('data-danger')).toBe('false');
    expect(donut(17, 20).getAttribute('data-danger')).toBe('true');
  });
});
