import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Table, type Column } from './ui.tsx';

interface Row {
  id: number;
  name: string;
  coins: number;
  retired: boolean;
}

const rows: Row[] = [
  { id: 1, name: 'Ada', coins: 1500, retired: false },
  { id: 2, name: 'Bo', coins: 20, retired: true },
];

const columns: Column<Row>[] = [
  { head: 'Name', stackAs: 'title', cell: (r) => r.name },
  { head: 'Coins', num: true, className: 'a-nowrap', hint: 'Held now', cell: (r) => r.coins },
  { head: '', stackAs: 'actions', cell: (r) => <button type="button">Edit {r.name}</button> },
];

const table = (stack: boolean) =>
  render(
    <Table
      stack={stack}
      label="Players"
      testId="players"
      rows={rows}
      rowKey={(r) => r.id}
      rowClass={(r) => (r.retired ? 'a-dim' : undefined)}
      rowTestId="player-row"
      columns={columns}
    />,
  );

describe('the console’s Table', () => {
  it('heads each column and shows a row per item, figures aligned to the end', () => {
    table(false);
    const t = screen.getByRole('table', { name: 'Players' });
    expect(t.className).toBe('a-table');
    const heads = within(t).getAllByRole('columnheader');
    expect(heads.map((h) => h.textContent)).toEqual(['Name', 'Coins', '']);
    expect(heads[1]?.className).toBe('a-r');
    expect(heads[1]?.title).toBe('Held now');
    const body = screen.getAllByTestId('player-row');
    expect(body.map((r) => r.textContent)).toEqual(['Ada1500Edit Ada', 'Bo20Edit Bo']);
    expect(body.map((r) => r.className)).toEqual(['', 'a-dim']);
    const cells = within(body[0] as HTMLElement).getAllByRole('cell');
    expect(cells.map((c) => c.className)).toEqual(['', 'a-r num a-nowrap', '']);
    // Not stacking: no labels on the cells.
    expect(cells.some((c) => c.hasAttribute('data-label'))).toBe(false);
  });

  it('stacking, labels every cell with its heading but the row’s title and actions', () => {
    table(true);
    expect(screen.getByTestId('players').className).toBe('a-table a-stack');
    const cells = within(screen.getAllByTestId('player-row')[1] as HTMLElement).getAllByRole('cell');
    expect(cells.map((c) => c.getAttribute('data-label'))).toEqual([null, 'Coins', null]);
    expect(cells.map((c) => c.className)).toEqual(['a-stack-title', 'a-r num a-nowrap', 'a-stack-actions']);
  });
});
