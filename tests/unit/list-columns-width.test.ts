import { describe, expect, it } from 'vitest';
import { columnsBeyondWidth } from '../../engine/renderers/list/model';
import type { ListColumn } from '../../engine/schema/types';

const cols: ListColumn[] = ['title', 'unit', 'people', 'visit', 'leave', 'status'].map((id) => ({ id, field: id }));
const widths: Record<string, number> = { title: 300, unit: 200, people: 100, visit: 120, leave: 120, status: 100 };

describe('columns chosen by width', () => {
  it('a wide list shows every column; a narrower one hides the last ones that do not fit', () => {
    expect(columnsBeyondWidth(cols, (c) => widths[c.id], 1200)).toEqual([]);
    expect(columnsBeyondWidth(cols, (c) => widths[c.id], 700)).toEqual(['visit', 'leave', 'status']);
  });
  it('keeps the first two however narrow, and hides none before the width is known', () => {
    expect(columnsBeyondWidth(cols, (c) => widths[c.id], 100)).toEqual(['people', 'visit', 'leave', 'status']);
    expect(columnsBeyondWidth(cols, (c) => widths[c.id], 0)).toEqual([]);
  });
});
