/**
 * Person and department pickers (kinds user, users, dept, depts; SPEC §7 "Selector"): an antd Select whose
 * search asks selector.search, plus a 选择 button opening a modal with the department tree (selector.tree,
 * lazy) and, for people, the people of the chosen department (selector.user) and the recent choices
 * (selector.getrecent; saverecent after picking). Stored values are ids (one, or an array for users/depts);
 * their names come from the record's `_refs`, else selector.getlist.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Checkbox, Col, Empty, Modal, Row, Select, Space, Tree, Typography } from 'antd';
import { ApartmentOutlined } from '@ant-design/icons';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { selector, type SelectorDept, type SelectorUser } from '../engine/data/api';
import { formContextOf, type FieldOptions } from './context';

type Kind = 'user' | 'users' | 'dept' | 'depts';
/** Ids of a value: one id, an array of ids, or nothing; holes (rjsf fills `minItems` with empty items) are dropped. */
const ids = (v: unknown): number[] => (Array.isArray(v) ? v : [v]).map(Number).filter((n) => Number.isInteger(n) && n > 0);

interface TreeNode {
  key: number;
  title: string;
  isLeaf: boolean;
  children?: TreeNode[];
}
const toNode = (d: SelectorDept): TreeNode => ({ key: d.id, title: d.title, isLeaf: !d.hasChildren });
const setChildren = (nodes: TreeNode[], key: number, children: TreeNode[]): TreeNode[] =>
  nodes.map((n) => (n.key === key ? { ...n, children } : n.children ? { ...n, children: setChildren(n.children, key, children) } : n));

/** The picker modal: department tree on the left, people (or the chosen department) on the right. */
function PickerModal({
  kind,
  open,
  value,
  onOk,
  onCancel,
}: {
  kind: Kind;
  open: boolean;
  value: number[];
  onOk: (picked: { id: number; name: string }[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('form');
  const people = kind === 'user' || kind === 'users';
  const multiple = kind === 'users' || kind === 'depts';
  const [tree, setTree] = useState<TreeNode[]>([]);
  const [list, setList] = useState<SelectorUser[]>([]);
  const [recent, setRecent] = useState<SelectorUser[]>([]);
  const [picked, setPicked] = useState<Map<number, string>>(new Map());
  useEffect(() => {
    if (!open) return;
    setPicked(new Map(value.map((id) => [id, ''])));
    selector.tree().then(
      (r) => setTree(r.map(toNode)),
      () => undefined,
    );
    if (people) selector.getrecent().then(setRecent, () => undefined);
  }, [open]); // eslint-disable-line react-hooks/exhaustive-deps
  const toggle = (id: number, name: string) =>
    setPicked((m) => {
      const next = new Map(multiple ? m : []);
      if (m.has(id) && multiple) next.delete(id);
      else next.set(id, name);
      return next;
    });
  const loadData = async (node: { key: React.Key }) => {
    const children = await selector.tree(Number(node.key));
    setTree((tr) => setChildren(tr, Number(node.key), children.map(toNode)));
  };
  const onSelectDept = (key: number, title: string) => {
    if (people) selector.user(key).then(setList, () => undefined);
    else toggle(key, title);
  };
  const personList = (users: SelectorUser[]) =>
    users.length ? (
      users.map((u) => (
        <div key={u.id}>
          <Checkbox checked={picked.has(u.id)} onChange={() => toggle(u.id, u.realname)} data-testid={`pick-user-${u.id}`}>
            {u.realname} <Typography.Text type="secondary">{u.deptTitle}</Typography.Text>
          </Checkbox>
        </div>
      ))
    ) : (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('widget.noPeople')} />
    );
  return (
    <Modal
      open={open}
      width={720}
      title={t(people ? 'widget.pickPeople' : 'widget.pickDept')}
      okText={t('widget.ok')}
      cancelText={t('widget.cancel')}
      onCancel={onCancel}
      onOk={() => {
        const out = [...picked].map(([id, name]) => ({ id, name }));
        if (people && out.length) selector.saverecent(out.map((p) => p.id)).catch(() => undefined);
        onOk(out);
      }}
      destroyOnHidden
    >
      <Row gutter={16}>
        <Col span={12} style={{ maxHeight: 400, overflow: 'auto' }}>
          <Tree
            treeData={tree}
            loadData={loadData}
            checkable={!people}
            checkStrictly
            checkedKeys={people ? undefined : [...picked.keys()]}
            onCheck={(_, e) => toggle(Number(e.node.key), String(e.node.title))}
            onSelect={(_, e) => onSelectDept(Number(e.node.key), String(e.node.title))}
          />
        </Col>
        {people && (
          <Col span={12} style={{ maxHeight: 400, overflow: 'auto' }}>
            {recent.length > 0 && (
              <>
                <Typography.Text strong>{t('widget.recent')}</Typography.Text>
                {personList(recent)}
              </>
            )}
            <Typography.Text strong>{t('widget.people')}</Typography.Text>
            {personList(list)}
          </Col>
        )}
      </Row>
    </Modal>
  );
}

/** The person / department picker of `kind` (see the module comment). */
function OrgPicker(p: WidgetProps & { kind: Kind }) {
  const { t } = useTranslation('form');
  const ctx = formContextOf(p);
  const people = p.kind === 'user' || p.kind === 'users';
  const multiple = p.kind === 'users' || p.kind === 'depts';
  // Names known so far: the form's shared refs, else this picker's own (a picker outside an engine form).
  const own = useRef<Record<string, string>>({});
  const names = (people ? ctx?.refs.users : ctx?.refs.depts) ?? own.current;
  // Names arrive into the same object: `tick` makes the options follow them.
  const [tick, bump] = useState(0);
  const [found, setFound] = useState<{ value: number; label: string }[]>([]);
  const [modal, setModal] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const value = ids(p.value);

  const remember = (list: { id: number; name: string }[]) => {
    for (const x of list) if (x.name) names[String(x.id)] = x.name;
    bump((n) => n + 1);
  };
  useEffect(() => {
    const missing = value.filter((id) => !names[String(id)]);
    if (!missing.length) return;
    selector.getlist(people ? { users: missing } : { depts: missing }).then(
      (r) => remember(Object.entries(people ? r.users : r.depts).map(([id, name]) => ({ id: Number(id), name }))),
      () => undefined,
    );
  }, [p.value]); // eslint-disable-line react-hooks/exhaustive-deps

  const search = (keyword: string) => {
    clearTimeout(timer.current);
    if (!keyword.trim()) return setFound([]);
    timer.current = setTimeout(() => {
      selector.search(keyword).then(
        (r) =>
          setFound(
            people
              ? r.users.map((u) => ({ value: u.id, label: `${u.realname} (${u.deptTitle})`, name: u.realname }))
              : r.depts.map((d) => ({ value: d.id, label: d.title })),
          ),
        () => undefined,
      );
    }, 250);
  };
  const options = useMemo(() => {
    const known = value.map((id) => ({ value: id, label: names[String(id)] ?? String(id) }));
    return [...known, ...found.filter((f) => !value.includes(f.value))];
  }, [value.join(','), found, names, tick]); // eslint-disable-line react-hooks/exhaustive-deps
  const set = (next: number[]) => p.onChange(multiple ? (next.length ? next : undefined) : next[0]);

  return (
    <Space.Compact style={{ width: '100%' }}>
      <Select
        id={p.id}
        style={{ width: '100%' }}
        mode={multiple ? 'multiple' : undefined}
        showSearch={{ filterOption: false, onSearch: search }}
        allowClear
        value={multiple ? value : value[0]}
        options={options}
        disabled={p.disabled}
        open={p.readonly ? false : undefined}
        placeholder={p.placeholder || t(people ? 'widget.searchPerson' : 'widget.searchDept')}
        status={p.rawErrors?.length ? 'error' : undefined}
        onChange={(v: number | number[] | undefined) => {
          const list = ids(v);
          remember(
            list.map((id) => ({
              id,
              name: (found.find((f) => f.value === id) as { name?: string; label: string } | undefined)?.name ?? found.find((f) => f.value === id)?.label ?? '',
            })),
          );
          set(list);
        }}
      />
      {!p.readonly && !p.disabled && (
        <Button icon={<ApartmentOutlined />} onClick={() => setModal(true)} data-testid={`${p.id}-browse`}>
          {t('widget.browse')}
        </Button>
      )}
      <PickerModal
        kind={p.kind}
        open={modal}
        value={value}
        onCancel={() => setModal(false)}
        onOk={(picked) => {
          setModal(false);
          remember(picked);
          set(picked.map((x) => x.id));
        }}
      />
    </Space.Compact>
  );
}

/** One person (kind user: a user id). */
export const UserWidget = (p: WidgetProps) => <OrgPicker {...p} kind="user" />;
/** Several people (kind users: user ids). */
export const UsersWidget = (p: WidgetProps) => <OrgPicker {...p} kind="users" />;
/** One department (kind dept: a department id). */
export const DeptWidget = (p: WidgetProps) => <OrgPicker {...p} kind="dept" />;
/** Several departments (kind depts: department ids). */
export const DeptsWidget = (p: WidgetProps) => <OrgPicker {...p} kind="depts" />;

export type { FieldOptions };
