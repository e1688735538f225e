/**
 * The horizontal menu in the header (layouts top and mix). With 16 or more top-level items it slides in
 * two steps with arrow buttons (SPEC §4, §9); with fewer, items beyond `menunum` fold into "more", and so do the
 * last ones that do not fit the header's width (long English labels, narrow screens): none is shown cut.
 * Props: `entries`, `selectedKeys`, `onSelect(entry)`.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Button, ConfigProvider, Menu } from 'antd';
import { LeftOutlined, RightOutlined, EllipsisOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useAtomValue } from 'jotai';
import { layoutAtom } from '../stores/layout';
import { menuBadgesAtom } from '../stores/badges';
import { topMenuTokens } from './menuTheme';
import { toMenuItems } from './menuItems';
import { findEntry, fitTopCount, foldTopEntries, slideOffset, snapOffset, stepShowing, topMenuSlide, type MenuEntry } from './menuModel';

export interface TopMenuProps {
  entries: MenuEntry[];
  selectedKeys: string[];
  onSelect: (entry: MenuEntry) => void;
}

const MORE_KEY = '__more__';

export function TopMenu({ entries, selectedKeys, onSelect }: TopMenuProps) {
  const { t, i18n } = useTranslation('layout');
  const layout = useAtomValue(layoutAtom);
  const badges = useAtomValue(menuBadgesAtom);
  const slide = topMenuSlide(entries.length);
  const viewport = useRef<HTMLDivElement>(null);
  const strip = useRef<HTMLDivElement>(null);
  const [step, setStep] = useState(0);
  const [overflow, setOverflow] = useState(0);
  const [starts, setStarts] = useState<number[]>([]);
  const [width, setWidth] = useState(0);
  // without sliding: how many entries fit the width (the rest fold into "more"); widths measured per language and key
  const [fit, setFit] = useState(Infinity);
  const widths = useRef(new Map<string, number>());
  const shownCount = Math.min(layout.menunum, fit);

  const items = useMemo(() => {
    if (slide.enabled) return toMenuItems(entries, t, true, 0, badges);
    const [shown, folded] = foldTopEntries(entries, shownCount);
    const base = toMenuItems(shown, t, true, 0, badges);
    if (!folded.length) return base;
    return [
      ...base,
      {
        key: MORE_KEY,
        label: <span data-testid="top-menu-more">{t('topMenu.more')}</span>,
        icon: <EllipsisOutlined />,
        children: toMenuItems(folded, t, true, 0, badges),
      },
    ];
  }, [entries, t, slide.enabled, shownCount, badges]);

  useLayoutEffect(() => {
    const measure = () => {
      if (!viewport.current || !strip.current) return;
      setOverflow(Math.max(0, strip.current.scrollWidth - viewport.current.clientWidth));
      setWidth(viewport.current.clientWidth);
      const lis = Array.from(strip.current.querySelectorAll<HTMLElement>('.oa-top-menu > li'));
      setStarts(lis.map((li) => li.offsetLeft));
      if (slide.enabled) return;
      const keyOf = (key: string) => `${i18n.language}|${key}`;
      lis.forEach((li, i) => {
        if (li.querySelector('[data-testid="top-menu-more"]')) widths.current.set(keyOf(MORE_KEY), li.offsetWidth);
        else if (entries[i]) widths.current.set(keyOf(entries[i].key), li.offsetWidth);
      });
      const wanted = entries.slice(0, layout.menunum).map((e) => widths.current.get(keyOf(e.key)));
      const n = fitTopCount(wanted, viewport.current.clientWidth, widths.current.get(keyOf(MORE_KEY)) ?? 110);
      setFit(n === null ? Infinity : n >= wanted.length ? Infinity : n);
    };
    measure();
    const ro = typeof ResizeObserver !== 'undefined' ? new ResizeObserver(measure) : null;
    if (ro && viewport.current) ro.observe(viewport.current);
    if (ro && strip.current) ro.observe(strip.current);
    return () => ro?.disconnect();
  }, [items]); // eslint-disable-line react-hooks/exhaustive-deps -- measured again whenever the items change

  const sliding = slide.enabled && overflow > 0;
  const offsets = useMemo(
    () => Array.from({ length: slide.steps + 1 }, (_, s) => snapOffset(-slideOffset(s, slide.steps, overflow), starts, s === slide.steps)),
    [slide.steps, overflow, starts],
  );
  const offset = sliding ? -offsets[Math.min(step, slide.steps)] : 0;

  // Show the step that holds the selected item (the menu header follows the route, SPEC §4).
  const selectedKey = selectedKeys.join('|');
  useEffect(() => {
    if (!sliding || !strip.current) return;
    const li = strip.current.querySelector<HTMLElement>('.oa-top-menu > li.ant-menu-item-selected, .oa-top-menu > li.ant-menu-submenu-selected');
    if (li) setStep(stepShowing(li.offsetLeft, li.offsetLeft + li.offsetWidth, width, offsets));
  }, [selectedKey, sliding, width, offsets]);

  return (
    <div className={`oa-topnav${sliding ? ' oa-topnav-sliding' : ''}`} data-testid="top-menu">
      {sliding && (
        <Button
          type="text"
          className="oa-topnav-arrow"
          icon={<LeftOutlined />}
          disabled={step === 0}
          aria-label={t('topMenu.prev')}
          data-testid="top-menu-prev"
          onClick={() => setStep((s) => Math.max(0, s - 1))}
        />
      )}
      <div className="oa-topnav-viewport" ref={viewport}>
        <div className="oa-topnav-strip" ref={strip} style={{ transform: `translateX(${offset}px)` }}>
          <ConfigProvider theme={{ components: { Menu: topMenuTokens(layout) } }}>
            <Menu
              mode="horizontal"
              className="oa-top-menu"
              items={items}
              selectedKeys={selectedKeys}
              disabledOverflow
              onClick={({ key }) => {
                const e = findEntry(entries, String(key));
                if (e) onSelect(e);
              }}
            />
          </ConfigProvider>
        </div>
      </div>
      {sliding && (
        <Button
          type="text"
          className="oa-topnav-arrow"
          icon={<RightOutlined />}
          disabled={step >= slide.steps}
          aria-label={t('topMenu.next')}
          data-testid="top-menu-next"
          onClick={() => setStep((s) => Math.min(slide.steps, s + 1))}
        />
      )}
    </div>
  );
}
