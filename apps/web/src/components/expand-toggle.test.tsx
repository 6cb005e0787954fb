import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { DataTable } from './data-table.tsx';
import { ExpandToggle } from './expand-toggle.tsx';

const openRow = vi.fn();

/** A row that opens its page when clicked, with a toggle for its details. */
function Row() {
  const [open, setOpen] = useState(false);
  return (
    <div onClick={openRow}>
      <ExpandToggle label="Show components of Crown 11" open={open} controls="crown-11" onToggle={() => setOpen(!open)} />
      {open && <p id="crown-11">Components of Crown 11</p>}
    </div>
  );
}

describe('the expand toggle', () => {
  it('is a labelled button that opens and closes from the keyboard and tells screen readers what it shows', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Row />);
    const toggle = screen.getByRole('button', { name: 'Show components of Crown 11' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    // It names the details only while they exist: a dangling aria-controls points at nothing.
    expect(toggle.getAttribute('aria-controls')).toBeNull();
    await user.tab();
    expect(document.activeElement).toBe(toggle);
    await user.keyboard('{Enter}');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)?.textContent).toBe('Components of Crown 11');
    await user.keyboard(' ');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('Components of Crown 11')).toBeNull();
  });

  it('does not pass its click on to the row', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Row />);
    await user.click(screen.getByRole('button', { name: 'Show components of Crown 11' }));
    expect(screen.getByText('Components of Crown 11')).toBeTruthy();
    expect(openRow).not.toHaveBeenCalled();
  });

  it('opens a table row’s detail row, which it controls', async () => {
    const user = userEvent.setup();
    const onRowClick = vi.fn();
    renderWithProviders(
      <DataTable
        columns={[{ key: 'name', header: 'Name', render: (row: { id: number; name: string }) => row.name }]}
        rows={[{ id: 11, name: 'Crown 11' }]}
        rowKey={(row) => row.id}
        onRowClick={onRowClick}
        expansion={{ toggleLabel: (row) => `Show components of ${row.name}`, content: () => 'Two abutments' }}
      />,
    );
    const toggle = screen.getByRole('button', { name: 'Show components of Crown 11' });
    await user.click(toggle);
    const detail = document.getElementById(toggle.getAttribute('aria-controls')!);
    expect(detail?.tagName).toBe('TR');
    expect(detail?.textContent).toBe('Two abutments');
    expect(onRowClick).not.toHaveBeenCalled();
  });
});
