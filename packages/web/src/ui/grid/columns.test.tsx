import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createPathReader, formatCellValue, initialColumnWidth, isSpecialRow, type GridColumn } from './columns';
import { Grid } from './Grid';
import {
  CHECKBOX_COLUMN_WIDTH,
  COLUMN_WIDTH_PER_CHARACTER,
  KEYBOARD_RESIZE_STEP,
  MIN_COLUMN_WIDTH,
} from './gridConstants';

describe('grid column widths', () => {
  it('are 10 px per character of the label, at least 100, and the checkbox column is 50', () => {
    expect(COLUMN_WIDTH_PER_CHARACTER).toBe(10);
    expect(MIN_COLUMN_WIDTH).toBe(100);
    expect(CHECKBOX_COLUMN_WIDTH).toBe(50);

    expect(initialColumnWidth('Inspection date and time')).toBe(240);
    expect(initialColumnWidth('ID')).toBe(MIN_COLUMN_WIDTH);
  });

  it('are capped by an optional maximum, which never goes below the minimum', () => {
    expect(initialColumnWidth('Inspection date and time', 180)).toBe(180);
    expect(initialColumnWidth('Inspection date and time', 60)).toBe(MIN_COLUMN_WIDTH);
  });

  it('apply to the rendered columns, and a column width given wins', () => {
    type Row = { id: string; inspectedAt: string; note: string };
    const columns: GridColumn<Row>[] = [
      { propertyPath: 'id', label: 'ID' },
      { propertyPath: 'inspectedAt', label: 'Inspection date and time' },
      { propertyPath: 'note', label: 'Note', width: 320 },
    ];
    const { container } = render(
      <Grid<Row> label="Inspections" columns={columns} data={[]} enableRowSelection maxColumnWidth={200} />,
    );
    const widths = [...container.querySelectorAll('col')].map((col) => col.style.width);
    expect(widths).toEqual(['50px', '100px', '200px', '320px']);
  });

  it('an autoExpand column takes the space left until it is resized', () => {
    type Row = { name: string; description: string };
    const columns: GridColumn<Row>[] = [
      { propertyPath: 'name', label: 'Name' },
      { propertyPath: 'description', label: 'Description', autoExpand: true },
    ];
    const { container } = render(<Grid<Row> label="Types" columns={columns} data={[]} />);
    const [, description] = container.querySelectorAll('col');
    expect(description?.style.width).toBe('');
    expect(screen.getByRole('table')).toHaveStyle({ width: '100%', minWidth: '210px' });

    fireEvent.keyDown(screen.getByRole('separator', { name: 'Resize Description' }), { key: 'ArrowRight' });
    expect(description?.style.width).toBe('120px');
  });

  it('can be resized from the keyboard, never below the minimum width', () => {
    type Row = { name: string };
    const { container } = render(
      <Grid<Row> label="Names" columns={[{ propertyPath: 'name', label: 'Name', width: 110 }]} data={[]} />,
    );
    const handle = screen.getByRole('separator', { name: 'Resize Name' });
    const width = () => container.querySelector('col')?.style.width;

    fireEvent.keyDown(handle, { key: 'ArrowRight' });
    expect(width()).toBe(`${110 + KEYBOARD_RESIZE_STEP}px`);
    expect(handle).toHaveAttribute('aria-valuenow', '120');

    for (let i = 0; i < 5; i++) fireEvent.keyDown(handle, { key: 'ArrowLeft' });
    expect(width()).toBe(`${MIN_COLUMN_WIDTH}px`);
    fireEvent.keyDown(handle, { key: 'ArrowRight' });
    expect(width()).toBe(`${MIN_COLUMN_WIDTH + KEYBOARD_RESIZE_STEP}px`);
  });

  it('can be resized by dragging the header edge', () => {
    type Row = { name: string };
    const { container } = render(
      <Grid<Row> label="Names" columns={[{ propertyPath: 'name', label: 'Name', width: 150 }]} data={[]} />,
    );
    const handle = screen.getByRole('separator', { name: 'Resize Name' });
    fireEvent.mouseDown(handle, { clientX: 150 });
    fireEvent.mouseMove(document, { clientX: 210 });
    fireEvent.mouseUp(document, { clientX: 210 });
    expect(container.querySelector('col')?.style.width).toBe('210px');
  });
});

describe('grid column values', () => {
  it('dotted property paths read nested values, and a missing step reads as undefined', () => {
    const read = createPathReader('location.address.city');
    expect(read({ location: { address: { city: 'Leeds' } } })).toBe('Leeds');
    expect(read({ location: null })).toBeUndefined();
    expect(read({})).toBeUndefined();
  });

  it('cells show nothing for empty values and the value as text otherwise', () => {
    expect(formatCellValue(null)).toBe('');
    expect(formatCellValue(undefined)).toBe('');
    expect(formatCellValue(0)).toBe('0');
    expect(formatCellValue(false)).toBe('false');
  });

  it("only the isSpecial value 'true' marks a special row", () => {
    expect(isSpecialRow({ isSpecial: 'true' })).toBe(true);
    expect(isSpecialRow({ isSpecial: true })).toBe(false);
    expect(isSpecialRow({ isSpecial: 'false' })).toBe(false);
    expect(isSpecialRow(null)).toBe(false);
  });
});
