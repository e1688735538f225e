/**
 * Live preview of a design: the engine's FormPage renderer — the one staff use — drawing the page
 * bundle of the current design (toBundle), without its save and cancel buttons (FormPage `preview`); submitting
 * (Enter in a field) is swallowed, a preview stores nothing; a design whose rules no longer fit its fields shows the
 * reason instead.
 */
import { useMemo, type FormEvent } from 'react';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormPage } from '../../engine/renderers/FormPage';
import type { DictDef } from '../../engine/schema/types';
import { DesignError, toBundle, type FormDesignState } from './model';

const swallow = (e: FormEvent) => {
  e.preventDefault();
  e.stopPropagation();
};

/** The preview of `state`; `revision` remounts the form when the design changes. */
export function Preview({ state, revision, dicts }: { state: FormDesignState; revision: number; dicts?: DictDef[] }) {
  const { t, i18n } = useTranslation('designer');
  const built = useMemo(() => {
    try {
      return { bundle: toBundle(state, { locale: i18n.language === 'en-US' ? 'en-US' : 'zh-CN', dicts }) };
    } catch (e) {
      if (e instanceof DesignError) return { error: t(`error.${e.code}`, { message: e.message }) };
      throw e;
    }
  }, [state, dicts, i18n.language, t]);
  return (
    <div data-testid="designer-preview" onSubmitCapture={swallow}>
      {built.bundle ? <FormPage key={revision} bundle={built.bundle} embedded preview /> : <Alert type="warning" showIcon title={built.error} />}
    </div>
  );
}
