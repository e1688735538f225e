/**
 * Field permissions of a start / approve / handle node (DESIGN §4 "per-flow-node field permissions R/W/H"): one row
 * per field of the flow's entity model with 默认 / 只读 / 可编辑 / 隐藏. `默认` removes the field's entry.
 */
import { Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldPermission } from '../../engine/flow/types';
import type { EntityModel } from '../../engine/schema/types';

const PERMS: FieldPermission[] = ['R', 'W', 'H'];

/** The permission table; `onChange(field, perm | null)`. */
export function FieldPermissions({
  model,
  value,
  onChange,
}: {
  model?: EntityModel;
  value: Record<string, FieldPermission> | undefined;
  onChange: (field: string, perm: FieldPermission | null) => void;
}) {
  const { t } = useTranslation('flowdesigner');
  const fields = Object.entries(model?.properties ?? {});
  if (!fields.length) return <Typography.Text type="secondary">{t('panel.noFields')}</Typography.Text>;
  return (
    <table className="oa-flowd-perms" data-testid="flowd-perms">
      <tbody>
        {fields.map(([key, p]) => (
          <tr key={key}>
            <td className="oa-flowd-perm-field">{p['x-title']?.d ?? key}</td>
            <td>
              <Radio.Group
                size="small"
                optionType="button"
                value={value?.[key] ?? ''}
                onChange={(e) => onChange(key, (e.target.value as FieldPermission | '') || null)}
                options={[{ value: '', label: t('panel.permDefault') }, ...PERMS.map((x) => ({ value: x, label: t(`perm.${x}`) }))]}
                data-testid={`flowd-perm-${key}`}
              />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
