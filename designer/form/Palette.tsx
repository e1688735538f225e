/**
 * The palette of the form designer: one draggable entry per control (dnd-kit) with its icon and name, grouped
 * into fields and layout. A click, Enter or Space on an entry adds it where the selection says (model insertTarget).
 */
import { memo, type KeyboardEvent } from 'react';
import { useDraggable } from '@dnd-kit/core';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PALETTE, type PaletteKind } from './model';
import { PaletteIcon } from './paletteIcons';

/** Id of a palette entry as a dnd-kit draggable. */
export const paletteDragId = (kind: PaletteKind) => `palette:${kind}`;

function Entry({ kind, onAdd }: { kind: PaletteKind; onAdd: (kind: PaletteKind) => void }) {
  const { t } = useTranslation('designer');
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: paletteDragId(kind), data: { palette: kind } });
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onAdd(kind);
    }
  };
  return (
    <div
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      onKeyDown={onKeyDown}
      onClick={() => onAdd(kind)}
      className="oa-designer-palette-entry oa-formd-palette-entry"
      data-testid={`palette-${kind}`}
      style={{ opacity: isDragging ? 0.5 : 1 }}
    >
      <PaletteIcon kind={kind} />
      <span>{t(`palette.${kind}`)}</span>
    </div>
  );
}

/** The palette (see the module comment). */
export const Palette = memo(function Palette({ onAdd }: { onAdd: (kind: PaletteKind) => void }) {
  const { t } = useTranslation('designer');
  return (
    <div data-testid="designer-palette">
      {(['field', 'layout'] as const).map((group) => (
        <div key={group} style={{ marginBottom: 12 }}>
          <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 6 }}>
            {t(group === 'field' ? 'palette.fields' : 'palette.layouts')}
          </Typography.Text>
          {PALETTE.filter((p) => p.group === group).map((p) => (
            <Entry key={p.kind} kind={p.kind} onAdd={onAdd} />
          ))}
        </div>
      ))}
    </div>
  );
});
