import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { FilterNode, FilterPropertyMeta, ResultRow } from '@manway/core/api/filters';
import { generalSettings } from '../../../testing/fixtures';
import { FakeServer, type RecordedCall } from '../../../testing/fakeServer';
import { renderEdition } from '../../../testing/renderEdition';
import { ObservationSearch } from './ObservationSearch';

const meta: FilterPropertyMeta[] = [
  {
    name: 'distanceM',
    label: 'Distance',
    valueModelType: 'DoubleRange',
    unit: 'm',
    readOnly: false,
    min: 0,
    max: null,
    options: null,
    kind: 'number',
    operators: ['eq', 'lt', 'le', 'gt', 'ge', 'between', 'isEmpty', 'isNotEmpty'],
    searchable: false,
  },
  {
    name: 'code',
    label: 'Code',
    valueModelType: 'CodeEnum',
    unit: null,
    readOnly: false,
    min: null,
    max: null,
    options: [
      { id: 'BAB', value: 'BAB Crack' },
      { id: 'BAF', value: 'BAF Surface damage' },
      { id: 'BBA', value: 'BBA Roots' },
    ],
    kind: 'lookup',
    operators: ['eq', 'ne', 'in', 'notIn', 'isEmpty', 'isNotEmpty'],
    searchable: false,
  },
  {
    name: 'grade',
    label: 'Grade',
    valueModelType: 'IntegerRange',
    unit: null,
    readOnly: false,
    min: 1,
    max: 5,
    options: null,
    kind: 'number',
    operators: ['eq', 'lt', 'le', 'gt', 'ge', 'between', 'isEmpty', 'isNotEmpty'],
    searchable: false,
  },
];

const observations = [
  { id: 1, distanceM: 0, code: 'BBA', grade: 2 },
  { id: 2, distanceM: 4.5, code: 'BAB', grade: 3 },
  { id: 3, distanceM: 12.25, code: 'BAF', grade: null },
  { id: 4, distanceM: 20, code: 'BAB', grade: 4 },
];

type Obs = (typeof observations)[number];

/** The server's rule, for the conditions these tests send: every condition of an AND holds. */
function matches(o: Obs, node: FilterNode): boolean {
  if ('combine' in node) {
    const each = node.conditions.map((c) => matches(o, c));
    return node.combine === 'and' ? each.every(Boolean) : each.some(Boolean);
  }
  const v = o[node.property as keyof Obs];
  switch (node.operator) {
    case 'in':
      return (node.value as string[]).includes(String(v));
    case 'ge':
      return v !== null && Number(v) >= Number(node.value);
    default:
      throw new Error(`not in this fake: ${node.operator}`);
  }
}

function answer(call: RecordedCall) {
  const body = JSON.parse(String(call.body)) as { filter: string; page: number; pageSize: number };
  const filter = JSON.parse(body.filter) as { combine: 'and' | 'or'; conditions: FilterNode[] };
  const found = observations.filter((o) => matches(o, { combine: filter.combine, conditions: filter.conditions }));
  const rows: ResultRow[] = found.map((o) => ({
    id: o.id,
    type: 'Observation',
    readableId: `${o.code} @ ${o.distanceM.toFixed(2)} m`,
    properties: { distanceM: o.distanceM, code: o.code, grade: o.grade },
  }));
  return {
    json: {
      objectType: 'Observation',
      rows,
      page: body.page,
      pageSize: body.pageSize,
      count: { found: rows.length, plusFound: false, shown: 'all', shownCount: rows.length },
    },
  };
}

async function open() {
  const server = new FakeServer()
    .on('GET', '/api/settings/general', { json: generalSettings() })
    .on('GET', '/api/filters/meta/list/observation/Inspection/42', { json: meta })
    .on('POST', '/api/filters/results/observation', answer);
  await renderEdition({
    server,
    home: <ObservationSearch inspectionId={42} title="Observations of the inspection of 03/05/2024" />,
  });
  const panel = await screen.findByTestId('observation-search');
  await within(panel).findByText('4 found');
  return { server, panel, user: userEvent.setup() };
}

const sent = (server: FakeServer) =>
  server.callsTo('POST', '/api/filters/results/observation').map((c) => JSON.parse(String(c.body)) as unknown);

const codes = (panel: HTMLElement) =>
  within(within(panel).getByRole('table', { name: 'Observations' }))
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[1]!.textContent);

describe('observation search', () => {
  it("an inspection that is gone shows 'Object not found'", async () => {
    const missing = { status: 404, json: { message: 'Inspection not found' } };
    const server = new FakeServer()
      .on('GET', '/api/settings/general', { json: generalSettings() })
      .on('GET', '/api/filters/meta/list/observation/Inspection/42', missing)
      .on('POST', '/api/filters/results/observation', missing);
    await renderEdition({ server, home: <ObservationSearch inspectionId={42} title="Observations" /> });

    const alerts = await screen.findAllByRole('alert');
    expect(alerts.some((a) => a.textContent?.includes('Object not found'))).toBe(true);
    expect(screen.queryByText('Something unexpected just happened')).toBeNull();
  });

  it("lists every observation of the inspection, each code by its standard's label, with the count", async () => {
    const { server, panel } = await open();
    expect(sent(server)).toEqual([
      {
        parentObjectType: 'Inspection',
        parentObjectId: 42,
        filter: JSON.stringify({ combine: 'and', conditions: [] }),
        page: 0,
        pageSize: 25,
      },
    ]);
    const table = within(panel).getByRole('table', { name: 'Observations' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Distance (m)', 'Code', 'Grade']);
    expect(codes(panel)).toEqual(['BBA Roots', 'BAB Crack', 'BAF Surface damage', 'BAB Crack']);
  });

  it('conditions built from the observation metadata narrow the list and its count', async () => {
    const { server, panel, user } = await open();
    await user.click(within(panel).getByRole('button', { name: 'Add condition' }));
    expect(within(panel).getByLabelText('Property of condition 1')).toHaveValue('distanceM');
    await user.selectOptions(within(panel).getByLabelText('Property of condition 1'), 'code');
    await user.click(within(panel).getByRole('checkbox', { name: 'BAB Crack' }));
    await user.click(within(panel).getByRole('button', { name: 'Search' }));
    await within(panel).findByText('2 found');
    expect(codes(panel)).toEqual(['BAB Crack', 'BAB Crack']);

    await user.click(within(panel).getByRole('button', { name: 'Add group' }));
    await user.selectOptions(within(panel).getByLabelText('Property of condition 2.1'), 'grade');
    await user.selectOptions(within(panel).getByLabelText('Comparison of condition 2.1'), 'ge');
    await user.type(within(panel).getByLabelText('Value of condition 2.1'), '4');
    await user.click(within(panel).getByRole('button', { name: 'Search' }));
    await within(panel).findByText('1 found');
    expect(JSON.parse((sent(server).at(-1) as { filter: string }).filter)).toEqual({
      combine: 'and',
      conditions: [
        { property: 'code', operator: 'in', value: ['BAB'] },
        { combine: 'or', conditions: [{ property: 'grade', operator: 'ge', value: 4 }] },
      ],
    });
  });

  it('conditions no observation meets show No observations', async () => {
    const { panel, user } = await open();
    await user.click(within(panel).getByRole('button', { name: 'Add condition' }));
    await user.selectOptions(within(panel).getByLabelText('Property of condition 1'), 'grade');
    await user.selectOptions(within(panel).getByLabelText('Comparison of condition 1'), 'ge');
    await user.type(within(panel).getByLabelText('Value of condition 1'), '5');
    await user.click(within(panel).getByRole('button', { name: 'Search' }));
    await within(panel).findByText('0 found');
    expect(within(panel).getByText('No observations')).toBeInTheDocument();
  });

  it('a grade outside the metadata’s range is refused on its row and not searched', async () => {
    const { server, panel, user } = await open();
    await user.click(within(panel).getByRole('button', { name: 'Add condition' }));
    await user.selectOptions(within(panel).getByLabelText('Property of condition 1'), 'grade');
    await user.type(within(panel).getByLabelText('Value of condition 1'), '9');
    await user.click(within(panel).getByRole('button', { name: 'Search' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('The value exceeds the allowed maximum (5)');
    await vi.waitFor(() => expect(sent(server)).toHaveLength(1));
  });
});
