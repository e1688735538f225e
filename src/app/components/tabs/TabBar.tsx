/**
 * The tab strip (SPEC §2.4): one tab per opened page, labelled with the route title (max 200 px, ellipsis);
 * the console tab is fixed. Right-click or the menu at the end offers 刷新 / 关闭 / 关闭左侧 / 关闭右侧 /
 * 关闭其他 / 关闭全部.
 */
import { useEffect, useRef } from 'react';
import { Dropdown, type MenuProps } from 'antd';
import {
  CloseOutlined,
  DownOutlined,
  ReloadOutlined,
  VerticalRightOutlined,
  VerticalLeftOutlined,
  ColumnWidthOutlined,
  CloseCircleOutlined,
  HomeFilled,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { OpenedTab } from '@shared/types';
import { TAB_LABEL_MAX_WIDTH } from '@shared/constants';
import { routeTitle } from '../../i18n';
import { isClosable, tabId } from './tabsModel';
import { useTabActions } from './useTabActions';

type ActionKey = 'refresh' | 'close' | 'closeLeft' | 'closeRight' | 'closeOthers' | 'closeAll';

export function TabBar({ currentId }: { currentId: string }) {
  const { t } = useTranslation('layout');
  const { state, run, refresh, activate } = useTabActions();
  const strip = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = strip.current?.querySelector<HTMLElement>('.oa-tab-active');
    el?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [currentId, state.tabs.length]);

  const menuFor = (tab: OpenedTab): MenuProps => {
    const id = tabId(tab);
    const i = state.tabs.findIndex((x) => tabId(x) === id);
    const hasLeft = state.tabs.slice(0, i).some(isClosable);
    const hasRight = state.tabs.slice(i + 1).some(isClosable);
    const hasOthers = state.tabs.some((x) => tabId(x) !== id && isClosable(x));
    const item = (key: ActionKey, icon: React.ReactNode, disabled = false) => ({
      key,
      icon,
      disabled,
      label: <span data-testid={`tab-action-${key}`}>{t(`tabs.${key}`)}</span>,
    });
    return {
      items: [
        item('refresh', <ReloadOutlined />),
        item('close', <CloseOutlined />, !isClosable(tab)),
        { type: 'divider' },
        item('closeLeft', <VerticalRightOutlined />, !hasLeft),
        item('closeRight', <VerticalLeftOutlined />, !hasRight),
        item('closeOthers', <ColumnWidthOutlined />, !hasOthers),
        item('closeAll', <CloseCircleOutlined />, state.tabs.length <= 1),
      ],
      onClick: ({ key, domEvent }) => {
        domEvent.stopPropagation();
        const k = key as ActionKey;
        if (k === 'refresh') refresh(id);
        else if (k === 'closeAll') run({ type: 'closeAll' });
        else run({ type: k, id });
      },
    };
  };

  const activeTab = state.tabs.find((x) => tabId(x) === currentId) ?? state.tabs[0];

  return (
    <div className="oa-tabs" data-testid="tab-bar">
      <div
        className="oa-tabs-strip"
        role="tablist"
        aria-label={t('tabs.label')}
        ref={strip}
        onWheel={(e) => strip.current && (strip.current.scrollLeft += e.deltaY)}
      >
        {state.tabs.map((tab) => {
          const id = tabId(tab);
          const active = id === currentId;
          const title = tab.title ? `${routeTitle(t, tab.key)} · ${tab.title}` : routeTitle(t, tab.key);
          return (
            <Dropdown key={id} trigger={['contextMenu']} menu={menuFor(tab)} destroyOnHidden>
              <div
                className={`oa-tab${active ? ' oa-tab-active' : ''}`}
                data-testid="tab-item"
                data-path={id}
                data-active={active ? 'true' : 'false'}
                role="tab"
                aria-selected={active}
                tabIndex={0}
                title={title}
                onClick={() => !active && activate(id)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') activate(id);
                  else if (e.key === 'Delete' && isClosable(tab)) run({ type: 'close', id });
                }}
                onAuxClick={(e) => e.button === 1 && isClosable(tab) && run({ type: 'close', id })}
              >
                {!isClosable(tab) ? <HomeFilled className="oa-tab-home" /> : <span className="oa-tab-dot" />}
                <span className="oa-tab-label" style={{ maxWidth: TAB_LABEL_MAX_WIDTH }}>
                  {title}
                </span>
                {isClosable(tab) && (
                  <span
                    className="oa-tab-close"
                    aria-hidden
                    title={t('tabs.close')}
                    data-testid="tab-close"
                    onClick={(e) => {
                      e.stopPropagation();
                      run({ type: 'close', id });
                    }}
                  >
                    <CloseOutlined />
                  </span>
                )}
              </div>
            </Dropdown>
          );
        })}
      </div>
      {activeTab && (
        <Dropdown trigger={['click']} placement="bottomRight" menu={menuFor(activeTab)} destroyOnHidden>
          <button type="button" className="oa-tabs-more" aria-label={t('tabs.actions')} data-testid="tab-actions-trigger">
            <DownOutlined />
          </button>
        </Dropdown>
      )}
    </div>
  );
}
