/**
 * The controls of the layout setting (SPEC §3 "Layout setting"), shared by the layout drawer and the
 * personal settings page: menu layout (4 modes), style (1–6), colours, background images, top-menu count,
 * and the switches (tabs, fixed header, fixed sider, hide header on scroll, logout confirm).
 */
import { Button, ColorPicker, Divider, Input, InputNumber, Switch, Tooltip } from 'antd';
import { CheckOutlined, UndoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LAYOUT, MENU_LAYOUTS, type LayoutSetting, type MenuLayout } from '@shared/constants';
import { LAYOUT_STYLE_PRESETS, applyStyle } from '../../layouts/layoutSetting';
import { useSaveLayout } from '../../layouts/useSaveLayout';

function ModeThumb({ mode }: { mode: MenuLayout }) {
  return (
    <span className={`oa-thumb oa-thumb-${mode}`} aria-hidden="true">
      <span className="oa-thumb-top" />
      <span className="oa-thumb-rail" />
      <span className="oa-thumb-side" />
      <span className="oa-thumb-body" />
    </span>
  );
}

type ColourKey = 'menubgcolor' | 'menufontcolor' | 'topbgcolor' | 'topfontcolor' | 'bodybgcolor';
const COLOURS: ColourKey[] = ['menubgcolor', 'menufontcolor', 'topbgcolor', 'topfontcolor', 'bodybgcolor'];
type SwitchKey = 'tabs' | 'fixedHeader' | 'fixedSider' | 'hideHeaderOnScroll' | 'logoutConfirm';
const SWITCHES: SwitchKey[] = ['tabs', 'fixedHeader', 'fixedSider', 'hideHeaderOnScroll', 'logoutConfirm'];

export function LayoutControls() {
  const { t } = useTranslation('layout');
  const [layout, save] = useSaveLayout();
  const set = (patch: Partial<LayoutSetting>) => save(patch);

  return (
    <div className="oa-layout-controls">
      <div className="oa-lc-title">{t('drawer.menuLayout')}</div>
      <div className="oa-lc-modes">
        {MENU_LAYOUTS.map((mode) => (
          <Tooltip key={mode} title={t(`mode.${mode}Desc`)}>
            <button
              type="button"
              className={`oa-lc-mode${layout.menuSetting === mode ? ' oa-lc-mode-active' : ''}`}
              data-testid={`layout-option-${mode}`}
              aria-pressed={layout.menuSetting === mode}
              onClick={() => set({ menuSetting: mode })}
            >
              <ModeThumb mode={mode} />
              <span className="oa-lc-mode-name">{t(`mode.${mode}`)}</span>
              {layout.menuSetting === mode ? <CheckOutlined className="oa-lc-check" /> : null}
            </button>
          </Tooltip>
        ))}
      </div>

      <div className="oa-lc-title">{t('drawer.style')}</div>
      <div className="oa-lc-styles">
        {LAYOUT_STYLE_PRESETS.map((p) => (
          <Tooltip key={p.id} title={t(`style.${p.name}`)}>
            <button
              type="button"
              className={`oa-lc-style${layout.setlayoutStyle === p.id ? ' oa-lc-style-active' : ''}`}
              data-testid={`layout-style-${p.id}`}
              aria-label={t(`style.${p.name}`)}
              aria-pressed={layout.setlayoutStyle === p.id}
              onClick={() => save((l) => applyStyle(l, p.id))}
            >
              <span className="oa-lc-style-top" style={{ background: p.topbgcolor }} />
              <span className="oa-lc-style-side" style={{ background: p.menubgcolor }} />
              <span className="oa-lc-style-dot" style={{ background: p.primary }} />
              {layout.setlayoutStyle === p.id ? <CheckOutlined className="oa-lc-check" /> : null}
            </button>
          </Tooltip>
        ))}
      </div>

      <Divider className="oa-lc-divider" />
      <div className="oa-lc-title">{t('drawer.colours')}</div>
      {COLOURS.map((k) => (
        <div className="oa-lc-row" key={k}>
          <span>{t(`field.${k}`)}</span>
          <ColorPicker
            size="small"
            value={layout[k]}
            showText
            data-testid={`layout-colour-${k}`}
            onChangeComplete={(c) => set({ [k]: c.toHexString() } as Partial<LayoutSetting>)}
          />
        </div>
      ))}
      <div className="oa-lc-row">
        <span>{t('field.menubgimg')}</span>
        <Input
          size="small"
          className="oa-lc-input"
          defaultValue={layout.menubgimg}
          placeholder={t('field.imagePlaceholder')}
          data-testid="layout-menubgimg"
          onBlur={(e) => e.target.value !== layout.menubgimg && set({ menubgimg: e.target.value.trim() })}
        />
      </div>
      <div className="oa-lc-row">
        <span>{t('field.bodybgimg')}</span>
        <Input
          size="small"
          className="oa-lc-input"
          defaultValue={layout.bodybgimg}
          placeholder={t('field.imagePlaceholder')}
          data-testid="layout-bodybgimg"
          onBlur={(e) => e.target.value !== layout.bodybgimg && set({ bodybgimg: e.target.value.trim() })}
        />
      </div>
      <div className="oa-lc-row">
        <span>{t('field.menunum')}</span>
        <InputNumber
          size="small"
          min={1}
          max={50}
          value={layout.menunum}
          data-testid="layout-menunum"
          onChange={(v) => typeof v === 'number' && set({ menunum: v })}
        />
      </div>

      <Divider className="oa-lc-divider" />
      <div className="oa-lc-title">{t('drawer.options')}</div>
      {SWITCHES.map((k) => (
        <div className="oa-lc-row" key={k}>
          <span>{t(`field.${k}`)}</span>
          <Switch size="small" checked={layout[k]} data-testid={`layout-switch-${k}`} onChange={(v) => set({ [k]: v } as Partial<LayoutSetting>)} />
        </div>
      ))}
      <Button block icon={<UndoOutlined />} className="oa-lc-reset" data-testid="layout-reset" onClick={() => save(() => ({ ...DEFAULT_LAYOUT }))}>
        {t('drawer.reset')}
      </Button>
    </div>
  );
}
