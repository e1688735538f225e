/**
 * The 待签收 panel of the console (engine/renderers/registry.ts registerConsolePanel): the count is
 * document/gwqsCount (pending, the number of the 待签收 tab of /document/gwqs), the list the first items of
 * document/gwqsList (status pending) — title with its 紧急程度 when above 一般, sending unit, 文号, when sent; an
 * item opens /document/gwqsshow/:id (a new browser tab, SPEC §2.2). Read again whenever the console's `refresh`
 * changes. Texts from the `signfor` namespace.
 */
import { useEffect, useState } from 'react';
import { Tag } from 'antd';
import { VerifiedOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ConsoleItem, ConsolePanel, ConsolePanelData } from '../../../../../engine/renderers/registry';
import { host } from '../../../../../engine/host';
import { documentApi, type SignForItem } from '../data/document';

/** Colours of the 紧急程度 dictionary (schemas/common/dicts/document_urgency.json), by value. */
const URGENCY_COLOR: Record<string, string> = { '1': 'blue', '2': 'orange', '3': 'red' };

/** The panel's data hook (see the module comment). */
function useSignForPanel(size: number, refresh: unknown, enabled: boolean): ConsolePanelData {
  const { t } = useTranslation('signfor');
  const openRecord = host().useOpenRecord();
  const [rows, setRows] = useState<SignForItem[] | null>(null);
  const [count, setCount] = useState<number | undefined>(undefined);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    documentApi.gwqsList({ status: 'pending', current: 1, pageSize: size }).then(
      (r) => live && setRows(r.list),
      () => undefined,
    );
    documentApi.gwqsCount().then(
      (r) => live && setCount(r.pending),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [size, refresh, enabled]);
  const items: ConsoleItem[] | null = rows
    ? rows.map((r) => ({
        key: String(r.id),
        title: r.title,
        tags: URGENCY_COLOR[r.urgency] ? <Tag color={URGENCY_COLOR[r.urgency]}>{t(`console.urgency.${r.urgency}`)}</Tag> : null,
        who: r.from_unit,
        what: r.doc_number ?? '',
        at: r.sent_at,
        open: () => openRecord(`/document/gwqsshow/${r.id}`),
      }))
    : null;
  return { count, items };
}

/** The 待签收 console panel, after the shell's 待办公文, 待办事务 and 未读邮件. */
export const signForPanel: ConsolePanel = {
  key: 'sign',
  order: 100,
  path: '/document/gwqs',
  icon: <VerifiedOutlined />,
  labels: { ns: 'signfor', count: 'console.count', tab: 'console.tab' },
  useData: useSignForPanel,
};
