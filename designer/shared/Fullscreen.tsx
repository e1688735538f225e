/**
 * Full-screen mode of the design pages (表单设计, 流程设计): a toggle button (全屏设计 / 退出全屏) that makes the page's
 * card fill the viewport above the app's menus and header (class `oa-design-fullscreen`, ./fullscreen.css), the
 * canvas growing to the height left; Esc leaves. The page scroll is locked while it is on. Texts come from the
 * page's namespace (`design.fullscreen`, `design.exitFullscreen`); the button's test id is `<prefix>-fullscreen`.
 */
import { useCallback, useEffect, useState } from 'react';
import { Button, Tooltip } from 'antd';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ListKind } from './ListParts';
import './fullscreen.css';

/** Class name of the element filling the viewport in full-screen mode. */
export const FULLSCREEN_CLASS = 'oa-design-fullscreen';

/** Full-screen state: `on`, `toggle` and `exit`; Esc (not already handled by a control or a popup) exits. */
export function useFullscreen(): { on: boolean; toggle: () => void; exit: () => void } {
  const [on, setOn] = useState(false);
  const toggle = useCallback(() => setOn((v) => !v), []);
  const exit = useCallback(() => setOn(false), []);
  useEffect(() => {
    if (!on) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      // an open select or menu, a modal, a popup or a keyboard drag (dnd-kit's pressed draggable) takes Esc first
      const at = e.target instanceof Element ? e.target : null;
      if (
        at?.closest('[aria-expanded="true"], [aria-roledescription][aria-pressed="true"], .ant-modal-wrap, .ant-dropdown, .ant-select-dropdown, .ant-popover')
      )
        return;
      setOn(false);
    };
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
    };
  }, [on]);
  return { on, toggle, exit };
}

/** The toggle button (see the module comment); `aria-pressed` tells whether full screen is on. */
export function FullscreenButton({ ns, prefix, on, onToggle }: ListKind & { on: boolean; onToggle: () => void }) {
  const { t } = useTranslation(ns);
  const label = t(on ? 'design.exitFullscreen' : 'design.fullscreen');
  return (
    <Tooltip title={label}>
      <Button
        icon={on ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
        aria-label={label}
        aria-pressed={on}
        onClick={onToggle}
        data-testid={`${prefix}-fullscreen`}
      />
    </Tooltip>
  );
}
