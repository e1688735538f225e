/**
 * A drawer showing another page of the area for one record (issue 3): the form page to add or edit, the
 * detail page to view. The page is rendered by EnginePage by its id, embedded; its content is dropped when
 * the drawer closes. Props: `open` (page id, title, record id) or null, `onDone` after a save,
 * `onClose` when the user leaves.
 */
import { Drawer } from 'antd';
import { EnginePage } from '../EnginePage';

/** What the drawer shows. */
export interface DrawerTarget {
  /** Id of the page to render (form or detail). */
  page: string;
  title: string;
  recordId?: number;
  mode: 'add' | 'edit' | 'view';
  /** Initial values of a new record. */
  initial?: Record<string, unknown>;
}

/** Props of {@link RecordDrawer}. */
export interface RecordDrawerProps {
  target: DrawerTarget | null;
  onDone: (record: Record<string, unknown>) => void;
  onClose: () => void;
}

/** The add / edit / view drawer of a list page. */
export function RecordDrawer({ target, onDone, onClose }: RecordDrawerProps) {
  return (
    <Drawer
      open={!!target}
      title={target?.title}
      size={900}
      destroyOnHidden
      onClose={onClose}
      data-testid="record-drawer"
      rootClassName="oa-record-drawer"
    >
      {target && (
        <div data-testid={`record-drawer-${target.mode}`}>
          <EnginePage key={`${target.page}:${target.recordId ?? 'new'}`} id={target.page} recordId={target.recordId} initial={target.initial} embedded onDone={onDone} onCancel={onClose} />
        </div>
      )}
    </Drawer>
  );
}
