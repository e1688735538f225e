/**
 * The 发文字号 mark widget (`docMark`): picks one mark (文号类型) of document/markList for an integer field;
 * each option shows the mark's name and the number it would give next (GB/T 9704-2012 7.2.4, "京政发〔2026〕12号").
 * Once the number is taken (the form's `docNumber` is set, after 编号) the chosen mark shows that number instead.
 */
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { documentApi } from '../data/document';
import { OptionsSelect } from '../../../../../widgets/OrgOptions';
import type { EngineFormContext } from '../../../../../engine/renderers/form/model';

/** Largest number of marks offered. */
const MAX_MARKS = 200;

/** One mark id (document/markList), labelled with its name and next number (form `widget.docMarkOption`). */
export function DocMarkWidget(p: WidgetProps) {
  const { t } = useTranslation('form');
  const taken = (p.registry?.formContext as EngineFormContext | undefined)?.formData?.docNumber;
  const load = async () =>
    (await documentApi.markList({ status: 1, pageSize: MAX_MARKS })).list.map((m) => ({
      value: m.id,
      label:
        typeof taken === 'string' && taken && m.id === p.value
          ? t('widget.docMarkTaken', { name: m.name, number: taken })
          : t('widget.docMarkOption', { name: m.name, preview: m.preview }),
    }));
  return <OptionsSelect p={p} load={load} multiple={false} />;
}
