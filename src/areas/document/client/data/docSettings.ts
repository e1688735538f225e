/**
 * Client calls of 公文设置 and 授权查询 (src/areas/document/server/api/settings.ts): 通用设置 (getSetting, submitSetting),
 * the read-only views 操作设置 (gwszCzszList) and 节点权限 (gwszJdqxList) of the document flow definitions, and the
 * 委托 in force for document flows (authQuery). Refusals toast and reject (the engine host's call (engine/host.ts)).
 */
import type { ActionSettingRow, AuthorizationRow, FieldPermissionRow } from '../../shared/types';
import { host } from '../../../../../engine/host';

/** One 通用设置 item as the server lists it (title in the caller's language). */
export interface DocSettingItem {
  field: string;
  title: string;
  type: 'integer' | 'flag' | 'string';
  value: number | string;
  min?: number;
  max?: number;
  /** A fixed behaviour of the product, shown but not editable. */
  readOnly: boolean;
}

/** The 通用设置 record. */
export interface DocSettings {
  version: number;
  defaultSecretLevel: number;
  handleDays: number;
  allowReceiptReturn: '0' | '1';
  autoRegister: '0' | '1';
  items: DocSettingItem[];
}

/** 操作设置 and 节点权限 rows (src/areas/document/shared/types.ts). */
export type { ActionSettingRow, FieldPermissionRow };

/** A 委托 in force for document flows (src/areas/document/shared/types.ts). */
export type { AuthorizationRow };

/** The calls of the module comment. */
export const docSettingsApi = {
  get: () => host().call<DocSettings>('document/getSetting'),
  submit: (values: Partial<Pick<DocSettings, 'defaultSecretLevel' | 'handleDays' | 'allowReceiptReturn'>> & { version?: number }) =>
    host().call<DocSettings>('document/submitSetting', values),
  actions: () => host().call<{ list: ActionSettingRow[]; total: number }>('document/gwszCzszList', { pageSize: 200 }, { silent: true }),
  fieldPermissions: () => host().call<{ list: FieldPermissionRow[]; total: number }>('document/gwszJdqxList', { pageSize: 200 }, { silent: true }),
  authorizations: () => host().call<AuthorizationRow[]>('document/authQuery'),
};
