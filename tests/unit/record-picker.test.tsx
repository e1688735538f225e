/**
 * The reference-field picker (widgets/RecordPicker.tsx, widget `record`) and link (engine/renderers/RecordLink.tsx):
 * the picker shows the label of its value (from the record's `_refs`, else asked by id), searches the target's
 * `<group>/list` on the server as the person types (debounced, label keyword), and picking an option sets the id;
 * a link is an `<a href>` to the target's route that a plain click opens through the host; a list column of the kind shows the label from `refs.records`.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { WidgetProps } from '@rjsf/utils';
import '@app/i18n';
import { provideHost, type EngineHost } from '../../engine/host';
import type { RecordTarget } from '../../engine/schema/bundle';
import { RecordWidget } from '../../widgets/RecordPicker';
import { RecordLink } from '../../engine/renderers/RecordLink';
import { renderCell, renderOf, type CellContext } from '../../engine/renderers/list/columns';
import type { PageBundle } from '../../engine/schema/bundle';

const VEHICLES = [
  { id: 5, plate: '京A10001' },
  { id: 7, plate: '京B22222' },
  { id: 9, plate: '京B33333' },
];
const target: RecordTarget = {
  entity: 'fleet.vehicle',
  group: 'fleetVehicles',
  label: 'plate',
  title: { t: 'fleet.vehicle.title', d: '车辆' },
  labelSearchable: true,
  route: '/fleet/vehicle/:id',
};
const calls: Array<[string, Record<string, any>]> = [];
const opened: string[] = [];

beforeEach(() => {
  const call = async (api: string, body: Record<string, any> = {}) => {
    calls.push([api, body]);
    const ids: number[] | undefined = body.filters?.id?.value;
    const list = VEHICLES.filter((v) => (ids ? ids.includes(v.id) : !body.keyword || v.plate.includes(body.keyword)));
    return { list, total: list.length };
  };
  provideHost({ call, useOpenRecord: () => (path: string) => opened.push(path), href: (path: string) => `/oa${path}` } as unknown as EngineHost);
});
afterEach(() => {
  cleanup();
  calls.length = 0;
  opened.length = 0;
  provideHost(null);
});

function widget(value: number | undefined, labels: Record<string, string> = {}) {
  const onChange = vi.fn();
  const formContext = { bundle: { records: { vehicle: target }, texts: {} }, refs: { users: {}, depts: {}, records: { vehicle: labels } } };
  const props = {
    id: 'root_vehicle',
    name: 'vehicle',
    value,
    onChange,
    registry: { formContext },
    options: {},
    schema: {},
    label: '车辆',
    disabled: false,
    readonly: false,
    rawErrors: [],
    onBlur: () => undefined,
    onFocus: () => undefined,
  } as unknown as WidgetProps;
  render(<RecordWidget {...props} />);
  return onChange;
}

describe('record picker', () => {
  it('shows the label the record brought, without asking the server', () => {
    widget(5, { '5': '京A10001' });
    expect(screen.getByTitle('京A10001')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('asks the label of a value it has no label for', async () => {
    widget(9);
    await waitFor(() => expect(screen.getByTitle('京B33333')).toBeTruthy());
    expect(calls[0]).toEqual(['fleetVehicles/list', { pageSize: 1, fields: ['plate'], filters: { id: { op: 'in', value: [9] } } }]);
  });

  it('searches the server as the person types and sets the id of the picked record', async () => {
    const onChange = widget(undefined);
    const input = screen.getByRole('combobox');
    fireEvent.mouseDown(input);
    fireEvent.change(input, { target: { value: '京B' } });
    await waitFor(() => expect(calls.some(([, b]) => b.keyword === '京B')).toBe(true), { timeout: 2000 });
    expect(calls.find(([, b]) => b.keyword === '京B')).toEqual([
      'fleetVehicles/list',
      { current: 1, pageSize: 20, fields: ['plate'], sort: { field: 'plate', order: 'asc' }, keyword: '京B' },
    ]);
    const option = await screen.findByText('京B22222');
    expect(screen.queryByText('京A10001')).toBeNull();
    fireEvent.click(option);
    expect(onChange).toHaveBeenCalledWith(7);
  });
});

describe('record link', () => {
  it('shows the label and opens the target record by its route', () => {
    render(<RecordLink target={target} id={7} label="京B22222" />);
    fireEvent.click(screen.getByTestId('record-link'));
    expect(opened).toEqual(['/fleet/vehicle/7']);
  });

  it('is a real link to the route: Ctrl + click and middle click are the browser’s, a plain click the app’s', () => {
    render(<RecordLink target={target} id={7} label="京B22222" />);
    const link = screen.getByTestId('record-link');
    expect(link.tagName).toBe('A');
    expect(link.getAttribute('href')).toBe('/oa/fleet/vehicle/7');
    expect(fireEvent.click(link, { ctrlKey: true })).toBe(true);
    expect(fireEvent.click(link, { metaKey: true })).toBe(true);
    expect(fireEvent.click(link, { button: 1 })).toBe(true);
    expect(opened).toEqual([]);
    expect(fireEvent.click(link)).toBe(false);
    expect(opened).toEqual(['/fleet/vehicle/7']);
  });

  it('is a focusable button when the record opens in a drawer', () => {
    render(<RecordLink target={{ ...target, route: undefined, detail: 'fleet.vehicle.detail' }} id={7} label="京B22222" />);
    const link = screen.getByTestId('record-link');
    expect(link.getAttribute('role')).toBe('button');
    expect(link.getAttribute('tabindex')).toBe('0');
  });

  it('shows the id of a record without a label, as text when the target has nowhere to open', () => {
    render(<RecordLink target={{ ...target, route: undefined }} id={4} label={undefined} />);
    expect(screen.getByTestId('record-label').textContent).toBe('#4');
  });
});

describe('list column of a reference field', () => {
  it('renders the label of the answer’s refs.records as a link by default', () => {
    const bundle = {
      entity: { model: { type: 'object', properties: { vehicle: { type: 'integer', 'x-kind': 'record', 'x-title': { t: 'k', d: '车辆' } } } } },
      records: { vehicle: target },
      texts: {},
    } as unknown as PageBundle;
    const col = { id: 'c', field: 'vehicle' };
    expect(renderOf(col, bundle)).toBe('record');
    const ctx = {
      bundle,
      refs: { users: {}, depts: {}, records: { vehicle: { '9': '京B33333' } } },
      tx: () => '',
      t: (k: string) => k,
    } as unknown as CellContext;
    render(<div>{renderCell(col, { id: 1, vehicle: 9 }, ctx)}</div>);
    fireEvent.click(screen.getByText('京B33333'));
    expect(opened).toEqual(['/fleet/vehicle/9']);
  });
});
