/** The `data` an approver's step sends: what they wrote in the writable fields, and a field they emptied cleared. */
import { describe, expect, it } from 'vitest';
import { writableData } from '../../engine/renderers/approval/model';

describe('writableData', () => {
  const stored = { opinionDept: '办公室', deadline: '2026-12-05', title: '关于年终工作的通知' };

  it('sends the writable fields the form holds, never the read-only ones', () => {
    expect(writableData({ ...stored, deadline: '2026-12-08' }, ['deadline'], stored)).toEqual({ deadline: '2026-12-08' });
  });

  it('sends null for a writable field the approver emptied, so the step clears it', () => {
    expect(writableData({ title: stored.title, opinionDept: '办公室' }, ['deadline', 'opinionDept'], stored)).toEqual({
      deadline: null,
      opinionDept: '办公室',
    });
  });

  it('leaves out a writable field that was empty and still is', () => {
    expect(writableData({}, ['remark'], stored)).toEqual({});
  });
});
