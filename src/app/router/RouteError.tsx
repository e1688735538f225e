/**
 * Error element of the router: a render error or a failed lazy import. A chunk-load failure retries the
 * navigation once (SPEC §4); anything else is logged to the front-end log and shown as the 500 page.
 */
import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { logFront } from '../services/frontLog';
import { Exception } from '../pages/exception/Exception';
import { PageLoading } from '../components/PageLoading';
import { isChunkLoadError, retryNavigationOnce } from './lazyPage';

export function RouteError() {
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  useEffect(() => {
    const e = error as { message?: string; stack?: string } | undefined;
    logFront({ kind: chunk ? 'chunk' : 'render', message: e?.message ?? String(error), url: window.location.pathname, detail: e?.stack });
    if (chunk) retryNavigationOnce();
  }, [error, chunk]);
  return chunk ? <PageLoading full /> : <Exception code={500} />;
}
