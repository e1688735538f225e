/**
 * Role-menu permission page (/organization/permission, SPEC §2.3 "role-menu permission is hidden"): pick a
 * role on the left, tick the menus it opens (a tree of sections and pages) and the permission codes it holds
 * (grouped by area, DESIGN §4 "Permissions"), save. `?roleId=` preselects a role (the role list links here).
 * Calls: role/list, role/menus {id} → {menuIds, codes}, role/saveMenus {id, menuIds, codes}, menu/tree,
 * menu/permissions. Checking a page checks its section; the server stores exactly what is ticked.
 */
import { Button, Card, Checkbox, Empty, Input, List, Spin, Tag, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { toast } from '../../../../app/services/feedback';
import { post } from '../../../../app/services/http';
import { routeTitle } from '../../../../app/i18n';

interface RoleRow {
  id: number;
  code: string;
  name: string;
  builtin?: number | boolean;
}
interface MenuTreeNode {
  id: number;
  path: string;
  header: string;
  i18nKey: string;
  status: number;
  children: MenuTreeNode[];
}
interface AreaCodes {
  area: string;
  title: string;
  codes: { code: string; label: string }[];
}

/** Every id of a tree (pages and sections). */
function allIds(nodes: MenuTreeNode[], out: number[] = []): number[] {
  for (const n of nodes) {
    out.push(n.id);
    allIds(n.children, out);
  }
  return out;
}

export function RolePermissionPage() {
  const { t } = useTranslation('organization');
  const [query, setQuery] = useSearchParams();
  const [roles, setRoles] = useState<RoleRow[]>([]);
  const [filter, setFilter] = useState('');
  const [tree, setTree] = useState<MenuTreeNode[]>([]);
  const [areas, setAreas] = useState<AreaCodes[]>([]);
  const [menuIds, setMenuIds] = useState<number[]>([]);
  const [codes, setCodes] = useState<string[]>([]);
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [dirty, setDirty] = useState(false);
  const roleId = Number(query.get('roleId')) || null;

  useEffect(() => {
    void post<{ list: RoleRow[] }>('role/list', { pageSize: 200, sort: { field: 'sort', order: 'asc' } }).then((r) => setRoles(r.list));
    void post<MenuTreeNode[]>('menu/tree').then(setTree);
    void post<AreaCodes[]>('menu/permissions').then(setAreas);
  }, []);

  useEffect(() => {
    if (!roleId) return;
    setLoading(true);
    post<{ menuIds: number[]; codes: string[] }>('role/menus', { id: roleId })
      .then((r) => {
        setMenuIds(r.menuIds);
        setCodes(r.codes);
        setDirty(false);
      })
      .finally(() => setLoading(false));
  }, [roleId]);

  const treeData = useMemo(() => {
    const map = (nodes: MenuTreeNode[]): DataNode[] =>
      nodes.map((n) => ({
        key: n.id,
        title: (
          <span data-testid={`menu-node-${n.path}`}>
            {routeTitle(t, n.i18nKey)}
            {n.status === 0 ? <Tag className="oa-perm-hidden">{t('permission.hiddenMenu')}</Tag> : null}
          </span>
        ),
        children: n.children.length ? map(n.children) : undefined,
      }));
    return map(tree);
  }, [tree, t]);

  // A section is stored ticked when any of its pages is; the tree shows pages, and antd derives sections.
  const leafIds = useMemo(() => {
    const out = new Set<number>();
    const walk = (nodes: MenuTreeNode[]) => nodes.forEach((n) => (n.children.length ? walk(n.children) : out.add(n.id)));
    walk(tree);
    return out;
  }, [tree]);
  const checkedLeaves = useMemo(() => menuIds.filter((id) => leafIds.has(id)), [menuIds, leafIds]);

  const role = roles.find((r) => r.id === roleId);
  const shown = roles.filter((r) => !filter || r.name.includes(filter) || r.code.includes(filter));

  const save = async () => {
    if (!roleId) return;
    setSaving(true);
    try {
      await post('role/saveMenus', { id: roleId, menuIds, codes });
      toast.success(t('permission.saved'));
      setDirty(false);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="oa-perm">
      <Card className="oa-perm-roles" title={t('permission.roles')} size="small">
        <Input.Search allowClear placeholder={t('permission.findRole')} onChange={(e) => setFilter(e.target.value.trim())} />
        <List
          size="small"
          dataSource={shown}
          renderItem={(r) => (
            <List.Item
              className={r.id === roleId ? 'oa-perm-role is-active' : 'oa-perm-role'}
              data-testid={`perm-role-${r.code}`}
              onClick={() => setQuery({ roleId: String(r.id) }, { replace: true })}
            >
              <span>{r.name}</span>
              <Typography.Text type="secondary">{r.code}</Typography.Text>
            </List.Item>
          )}
        />
      </Card>
      {!roleId ? (
        <Card className="oa-perm-main">
          <Empty description={t('permission.pickRole')} />
        </Card>
      ) : (
        <Spin spinning={loading} wrapperClassName="oa-perm-main">
          <Card
            size="small"
            title={t('permission.title', { name: role?.name ?? '' })}
            extra={
              <Button type="primary" loading={saving} disabled={!dirty} onClick={save} data-testid="perm-save">
                {t('permission.save')}
              </Button>
            }
          >
            <div className="oa-perm-columns">
              <div className="oa-perm-menus">
                <Typography.Title level={5}>{t('permission.menus')}</Typography.Title>
                <div className="oa-perm-actions">
                  <Button size="small" onClick={() => (setMenuIds(allIds(tree)), setDirty(true))}>
                    {t('permission.all')}
                  </Button>
                  <Button size="small" onClick={() => (setMenuIds([]), setDirty(true))}>
                    {t('permission.none')}
                  </Button>
                </div>
                <Tree
                  checkable
                  selectable={false}
                  defaultExpandAll={false}
                  treeData={treeData}
                  checkedKeys={checkedLeaves}
                  onCheck={(checked, info) => {
                    const keys = (Array.isArray(checked) ? checked : checked.checked) as number[];
                    setMenuIds([...new Set([...keys, ...((info.halfCheckedKeys as number[] | undefined) ?? [])])]);
                    setDirty(true);
                  }}
                />
              </div>
              <div className="oa-perm-codes">
                <Typography.Title level={5}>{t('permission.codes')}</Typography.Title>
                {areas.length ? (
                  areas.map((a) => (
                    <div key={a.area} className="oa-perm-area">
                      <div className="oa-perm-area-title">{a.title}</div>
                      <Checkbox.Group
                        value={codes}
                        onChange={(v) => {
                          const others = codes.filter((c) => !a.codes.some((x) => x.code === c));
                          setCodes([...others, ...(v as string[])]);
                          setDirty(true);
                        }}
                        options={a.codes.map((c) => ({ value: c.code, label: <span data-testid={`perm-code-${c.code}`}>{c.label}</span> }))}
                      />
                    </div>
                  ))
                ) : (
                  <Empty />
                )}
              </div>
            </div>
          </Card>
        </Spin>
      )}
    </div>
  );
}
