/**
 * The 稿纸 of the approval page (ApprovalPageDef `paper`): the business form's root ObjectFieldTemplate
 * drawing `paper` as a bordered grid like a printed form — the heading, each row's cells (a field rjsf rendered
 * under the caller's R/W/H; an opinion box with the opinions given at its steps, name and date, and the current
 * handler's opinion input while their task is at one of them; the people who completed some steps), then the
 * fields the grid does not place at full width. The flow facts come from PaperContext (the page provides it), so
 * typing an opinion re-renders the boxes only. Below 600 px the grid is one column (approval.css).
 */
import { createContext, useContext, type CSSProperties, type ReactElement, type ReactNode } from 'react';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ObjectFieldTemplateProps } from '@rjsf/utils';
import type { PaperCell, PaperLayout, PaperOpinionCell, PaperPeopleCell } from '../../schema/types';
import type { FlowLogEntry } from '../../data/flow';
import type { BundleText } from '../text';
import { LazyStyles } from '../../../widgets/lazy';
import { formatTime } from '../time';
import { SignatureImage } from './SignatureImage';
import { opinionsAt, peopleAt, placedFields, rowSpans } from './paper';

/** What the boxes show of the flow (provided by the approval page around the business form). */
export interface PaperFacts {
  entries: FlowLogEntry[];
  userName: (id: number) => string;
  initiator: number;
  /** The start steps of the flow (a people cell of one names the initiator). */
  startNodes: ReadonlySet<string>;
  /** The step of the caller's deciding task, when any. */
  myNode?: string;
  /** The caller's opinion input (shown in the box of `myNode`). */
  input?: ReactNode;
}

/** The flow facts of the 稿纸's boxes. */
export const PaperContext = createContext<PaperFacts | null>(null);

/** formContext of a 稿纸 form as the template reads it. */
interface PaperFormContext {
  paper: PaperLayout;
  tx: BundleText;
}

/** The id of the box in which the caller writes their opinion, when one of `paper`'s boxes lists `node`. */
export function opinionBoxOf(paper: PaperLayout | undefined, node: string | undefined): string | undefined {
  if (!paper || !node) return undefined;
  for (const row of paper.rows) for (const c of row) if ('opinion' in c && c.nodes.includes(node)) return c.opinion;
  return undefined;
}

function OpinionCell({ cell, tx }: { cell: PaperOpinionCell; tx: BundleText }) {
  const facts = useContext(PaperContext);
  const { t } = useTranslation('approval');
  const opinions = facts ? opinionsAt(facts.entries, cell.nodes) : [];
  const mine = facts?.myNode !== undefined && cell.nodes.includes(facts.myNode) && facts.input;
  return (
    <div className="oa-paper-box" data-testid={`paper-opinion-${cell.opinion}`}>
      <div className="oa-paper-label">{tx(cell.title)}</div>
      <div className="oa-paper-value">
        {opinions.map((o) => {
          const name = o.actorName ?? (o.actor === null ? t('log.system') : (facts?.userName(o.actor) ?? String(o.actor)));
          return (
            <div key={o.id} className="oa-paper-opinion" data-testid="paper-opinion-entry">
              <div className="oa-paper-opinion-text">{o.opinion || t('paper.agreed')}</div>
              <div className="oa-paper-opinion-sign">
                {o.signature && <SignatureImage fileId={o.signature} alt={t('log.signature', { name })} height={32} />}
                <span>{name}</span>
                <span>{formatTime(o.at)}</span>
              </div>
            </div>
          );
        })}
        {!opinions.length && !mine && <Typography.Text type="secondary">{t('paper.none')}</Typography.Text>}
        {mine && <div className="oa-paper-input">{facts.input}</div>}
      </div>
    </div>
  );
}

function PeopleCell({ cell, tx }: { cell: PaperPeopleCell; tx: BundleText }) {
  const facts = useContext(PaperContext);
  const { t } = useTranslation('approval');
  const names = facts ? peopleAt(facts.entries, cell.people, facts.startNodes, facts.initiator).map(facts.userName) : [];
  return (
    <div className="oa-paper-box">
      <div className="oa-paper-label">{tx(cell.title)}</div>
      <div className="oa-paper-value">{names.join(t('header.sep'))}</div>
    </div>
  );
}

function cellContent(cell: PaperCell, fieldOf: (name: string) => ReactNode, tx: BundleText): ReactNode {
  if ('field' in cell) return fieldOf(cell.field);
  if ('opinion' in cell) return <OpinionCell cell={cell} tx={tx} />;
  return <PeopleCell cell={cell} tx={tx} />;
}

const spanStyle = (span: number) => ({ '--oa-paper-span': span }) as CSSProperties;

/** The root object template of a 稿纸 form (see the module comment). */
export function PaperTemplate(props: ObjectFieldTemplateProps) {
  const { paper, tx } = props.registry.formContext as PaperFormContext;
  const byName = new Map<string, ReactElement>();
  for (const p of props.properties) if (!p.hidden) byName.set(p.name, p.content);
  const ui = (props.uiSchema ?? {}) as Record<string, { 'ui:options'?: { hidden?: boolean } }>;
  const fieldOf = (name: string) => (ui[name]?.['ui:options']?.hidden ? null : (byName.get(name) ?? null));
  const placed = placedFields(paper);
  const rest = props.properties.filter((p) => !p.hidden && !placed.has(p.name) && fieldOf(p.name) !== null);
  const columns = Math.max(1, Math.min(6, paper.columns));
  return (
    <LazyStyles>
      <div className="oa-paper" data-testid="paper">
        {paper.title && <div className="oa-paper-title">{tx(paper.title)}</div>}
        <div className="oa-paper-grid" style={{ '--oa-paper-columns': columns } as CSSProperties}>
          {paper.rows.flatMap((row, r) => {
            const spans = rowSpans(row, columns);
            return row.map((cell, c) => (
              <div key={`${r}.${c}`} className="oa-paper-cell" style={spanStyle(spans[c])}>
                {cellContent(cell, fieldOf, tx)}
              </div>
            ));
          })}
          {rest.map((p) => (
            <div key={p.name} className="oa-paper-cell" style={spanStyle(columns)}>
              {p.content}
            </div>
          ))}
        </div>
      </div>
    </LazyStyles>
  );
}
