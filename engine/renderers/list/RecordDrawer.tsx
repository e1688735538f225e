/**
 * A drawer showing another page of the area for one record: the form page to add or edit, the
 * detail page to view. The page is rendered by EnginePage by its id, embedded; its content is dropped when
 * the drawer closes. Props: `open` (page id, title, record id) or null, `onDone` after a save,
 * `onClose` when the user leaves (×, mask or Esc ask first when the form inside has unsaved changes).
 */
import { Drawer } from 'antd';
import { useRef } from 'react';
import { EnginePage } from '../EnginePage';
import type { EntityRecord } from '../../data/api';
import { LeaveGuardContext, type LeaveGuard } from '../leaveGuard';

/** What the drawer shows. */
export interface DrawerTarget {
  /** Id of the page to render (form or detail). */
  page: string;
  title: string;
  recordId?: number;
  mode: 'add' | 'edit' | 'view';
  /** Initial values of a new record. */
  initial?: Record<string, unknown>;
  /** The row itself, for an entity without an `info` call (the page shows it instead of loading it). */
  record?: EntityRecord;
}

/** Props of {@link RecordDrawer}. */
export interface RecordDrawerProps {
  target: DrawerTarget | null;
  onDone: (record: Record<string, unknown>) => void;
  onClose: () => void;
}

/** The add / edit / view drawer of a list page. */
export function RecordDrawer({ target, onDone, onClose }: RecordDrawerProps) {
  // The form inside answers whether it may be left (unsaved changes ask first); × / mask / Esc go through it.
  const guard = useRef<LeaveGuard['current']>(null);
  const close = async () => {
    if (guard.current && !(await guard.current())) return;
    onClose();
  };
  return (
    <Drawer
      open={!!target}
      title={target?.title}
      size={900}
      destroyOnHidden
      onClose={() => void close()}
      data-testid="record-drawer"
      rootClassName="oa-record-drawer"
    >
      {target && (
        <LeaveGuardContext.Provider value={guard}>
          <div data-testid={`record-drawer-${target.mode}`}>
            <EnginePage
              key={`${target.page}:${target.recordId ?? 'new'}`}
              id={target.page}
              recordId={target.recordId}
              record={target.record}
              initial={target.initial}
              embedded
              onDone={onDone}
              onCancel={onClose}
            />
          </div>
        </LeaveGuardContext.Provider>
      )}
    </Drawer>
  );
}
