/**
 * The narrow icon rail of sections of layout mix2 (far left): each section as a coloured icon with a
 * short label; the current section is highlighted and a click opens its first page.
 * Props: `entries` (sections), `current` (section key), `onSelect(entry)`.
 */
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { MenuIcon, iconNameOf } from '../components/MenuIcon';
import { Emblem } from '../components/Emblem';
import { useAtomValue } from 'jotai';
import { menuBadgesAtom } from '../stores/badges';
import { MenuBadge, entryTitle } from './menuItems';
import type { MenuEntry } from './menuModel';

export interface IconRailProps {
  entries: MenuEntry[];
  current?: string;
  onSelect: (entry: MenuEntry) => void;
}

export function IconRail({ entries, current, onSelect }: IconRailProps) {
  const { t } = useTranslation('layout');
  const badges = useAtomValue(menuBadgesAtom);
  return (
    <nav className="oa-rail" aria-label={t('rail.label')} data-testid="icon-rail">
      <div className="oa-rail-logo">
        <Emblem size={34} />
      </div>
      <div className="oa-rail-items">
        {entries.map((e) => {
          const title = entryTitle(t, e);
          return (
            <Tooltip key={e.key} title={title} placement="right" mouseEnterDelay={0.6}>
              <button
                type="button"
                className={`oa-rail-item ${e.colourClass ?? ''}${current === e.key ? ' oa-rail-item-active' : ''}`}
                data-testid={`rail-${e.key}`}
                onClick={() => onSelect(e)}
              >
                <span className="oa-rail-icon oa-rail-badge">
                  <MenuIcon name={iconNameOf(e.path, e.icon)} />
                  <MenuBadge count={badges[e.key]} path={e.key} />
                </span>
                <span className="oa-rail-text">{title}</span>
              </button>
            </Tooltip>
          );
        })}
      </div>
    </nav>
  );
}
