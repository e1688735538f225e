/**
 * A page rendered from its definition (DESIGN §4): loads the bundle of a route or a page id
 * (Template/page, engine/data/api.ts loadPage), shows a spinner meanwhile, then renders the component
 * registered for the page's `pageKind` (./registry.ts; the kinds are registered in ./index.ts). An unknown
 * page kind is the definition error box naming the page id and its `pageKind`; a failed load shows the
 * message with a retry button. The bundle is loaded again when the language changes (texts are per locale).
 * A record's detail or form page (`recordId`) renders with the form revision the record pinned (DESIGN §4,
 * Template/page {id, recordId}); when that cannot be had, or the entity is a custom one, with the page as loaded.
 * A page this tab showed before (engine/data/api.ts cachedPage) renders at once from its kept bundle, so that its
 * data call starts without waiting; the revalidation (ETag) replaces it only when the definition changed.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PageBundle } from '../schema/bundle';
import { loadPage, loadRecordPage } from '../data/api';
import { cachedPage } from '../data/pageCache';
import { DefinitionError } from './DefinitionError';
import { pageKindComponent, type PageKindProps } from './registry';

/** Props of {@link EnginePage}: the page by `route` or by `id`, plus what its page kind takes. */
export type EnginePageProps = ({ route: string; id?: undefined } | { id: string; route?: undefined }) & Omit<PageKindProps, 'bundle'>;

type State = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready'; bundle: PageBundle };

/** `bundle` with the form revision record `recordId` pinned, else `bundle` itself. */
function withPinned(bundle: PageBundle, recordId: number): Promise<PageBundle> {
  return Promise.resolve()
    .then(() => loadRecordPage(bundle.page.id, recordId))
    .catch(() => bundle);
}

/** Loads and renders the page of a route or a page id. */
export function EnginePage(props: EnginePageProps) {
  const { route, id, ...kindProps } = props;
  const { t, i18n } = useTranslation('renderer');
  // the text of a failure only: a new `t` (its namespace arriving) must not load the page again
  const tRef = useRef(t);
  tRef.current = t;
  const [state, setState] = useState<State>(() => {
    // a pinned revision (recordId) is not kept: it may differ from the page's own bundle
    const kept = kindProps.recordId ? undefined : cachedPage(id ? { id } : { route: route! });
    return kept ? { kind: 'ready', bundle: kept } : { kind: 'loading' };
  });
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    let live = true;
    const kept = kindProps.recordId ? undefined : cachedPage(id ? { id } : { route: route! });
    setState((s) => (kept && !(s.kind === 'ready' && s.bundle === kept) ? { kind: 'ready', bundle: kept } : s.kind === 'ready' ? s : { kind: 'loading' }));
    loadPage(id ? { id } : { route: route! })
      // records of a custom entity (a hand-written API group) pin no form revision
      .then((b) =>
        kindProps.recordId && (b.page.pageKind === 'form' || b.page.pageKind === 'detail') && b.entity?.storage !== 'custom'
          ? withPinned(b, kindProps.recordId)
          : b,
      )
      .then(
        // an unchanged bundle is the same object: the page keeps its state and does not render again
        (bundle) => live && setState((s) => (s.kind === 'ready' && s.bundle === bundle ? s : { kind: 'ready', bundle })),
        (e: unknown) => live && setState({ kind: 'error', message: e instanceof Error && e.message ? e.message : tRef.current('engine.loadFailed') }),
      );
    return () => {
      live = false;
    };
  }, [route, id, kindProps.recordId, attempt, i18n.language]);

  if (state.kind === 'loading') {
    return (
      <div className="oa-engine-loading" data-testid="engine-loading" style={{ padding: 48, textAlign: 'center' }}>
        <Spin />
      </div>
    );
  }
  if (state.kind === 'error') {
    return (
      <Result
        status="warning"
        data-testid="engine-load-error"
        title={t('engine.loadFailed')}
        subTitle={state.message}
        extra={
          <Button type="primary" onClick={retry}>
            {t('engine.retry')}
          </Button>
        }
      />
    );
  }
  const { bundle } = state;
  const Kind = pageKindComponent(bundle.page.pageKind);
  if (!Kind) {
    return (
      <DefinitionError definition={bundle.page.id} path="pageKind" message={t('engine.unknownPageKind', { id: bundle.page.id, kind: bundle.page.pageKind })} />
    );
  }
  return <Kind bundle={bundle} {...kindProps} />;
}
