/**
 * The dialogs of the actions that need more than an opinion (DESIGN §5): 退回 (the target — the previous step,
 * the initiator or a done step — and where resubmission goes), 转办 / 委派 (one person), 加签 (before / after /
 * parallel and the people) and 抄送 (the people, optionally as 传阅). OK hands the action's extra fields to the page.
 */
import { useEffect, useState } from 'react';
import { Alert, Checkbox, Form, Modal, Radio, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ActBody } from '../../data/flow';
import { PersonPicker } from './PersonPicker';

/** The actions with a dialog. */
export type DialogAction = 'return' | 'transfer' | 'delegate' | 'addSign' | 'cc';

/** One 退回 target: the value sent (`initiator` or a node id) and its label. */
export interface ReturnOption {
  value: string;
  label: string;
}

export interface ActionDialogProps {
  action: DialogAction | null;
  returnOptions: ReturnOption[];
  /** The flow's default resubmission after a return. */
  defaultResubmit: 'restart' | 'returner';
  busy?: boolean;
  onOk: (extra: Partial<ActBody>) => void;
  onCancel: () => void;
}

type Position = 'before' | 'after' | 'parallel';
const ids = (v: number | number[] | undefined): number[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]);

/** The dialog of `action` (closed when null). */
export function ActionDialog({ action, returnOptions, defaultResubmit, busy, onOk, onCancel }: ActionDialogProps) {
  const { t } = useTranslation('approval');
  const [target, setTarget] = useState<string | undefined>(undefined);
  const [resubmit, setResubmit] = useState<'restart' | 'returner'>(defaultResubmit);
  const [people, setPeople] = useState<number[]>([]);
  const [position, setPosition] = useState<Position>('before');
  const [circulate, setCirculate] = useState(false);
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    if (!action) return;
    setTarget(returnOptions[0]?.value);
    setResubmit(defaultResubmit);
    setPeople([]);
    setPosition('before');
    setCirculate(false);
    setMissing(false);
  }, [action]); // eslint-disable-line react-hooks/exhaustive-deps

  const single = action === 'transfer' || action === 'delegate';
  const submit = () => {
    if (action === 'return') {
      if (!target) return;
      onOk({ target, resubmit });
      return;
    }
    if (!people.length) {
      setMissing(true);
      return;
    }
    if (single) onOk({ to: people[0] });
    else if (action === 'addSign') onOk({ position, users: people });
    else onOk({ users: people, circulate });
  };
  const picker = (label: string) => (
    <Form.Item label={label} required validateStatus={missing ? 'error' : undefined} help={missing ? t('dialog.pickPerson') : undefined}>
      <PersonPicker
        id={`approval-${action}-people`}
        multiple={!single}
        value={single ? people[0] : people}
        onChange={(v) => {
          setPeople(ids(v));
          setMissing(false);
        }}
      />
    </Form.Item>
  );
  const title = action ? t(`dialog.${action}Title`) : '';

  return (
    <Modal
      open={!!action}
      title={title}
      okText={t('dialog.ok')}
      cancelText={t('dialog.cancel')}
      onOk={submit}
      onCancel={onCancel}
      confirmLoading={busy}
      okButtonProps={{ disabled: action === 'return' && !target, ...({ 'data-testid': 'approval-dialog-ok' } as object) }}
      destroyOnHidden
      width={560}
    >
      <div data-testid={action ? `approval-dialog-${action}` : undefined}>
        <Form layout="vertical" component="div">
          {action === 'return' &&
            (returnOptions.length ? (
              <>
                <Form.Item label={t('dialog.returnTarget')} required>
                  <Radio.Group value={target} onChange={(e) => setTarget(e.target.value as string)}>
                    <Space orientation="vertical">
                      {returnOptions.map((o) => (
                        <Radio key={o.value} value={o.value} data-testid={`approval-return-target-${o.value}`}>
                          {o.label}
                        </Radio>
                      ))}
                    </Space>
                  </Radio.Group>
                </Form.Item>
                <Form.Item label={t('dialog.resubmit')}>
                  <Radio.Group value={resubmit} onChange={(e) => setResubmit(e.target.value as 'restart' | 'returner')}>
                    <Space orientation="vertical">
                      <Radio value="restart" data-testid="approval-resubmit-restart">
                        {t('dialog.resubmitRestart')}
                      </Radio>
                      <Radio value="returner" data-testid="approval-resubmit-returner">
                        {t('dialog.resubmitReturner')}
                      </Radio>
                    </Space>
                  </Radio.Group>
                </Form.Item>
              </>
            ) : (
              <Alert type="warning" showIcon title={t('dialog.noTargets')} />
            ))}
          {action === 'transfer' && picker(t('dialog.transferTo'))}
          {action === 'delegate' && (
            <>
              {picker(t('dialog.delegateTo'))}
              <Typography.Text type="secondary">{t('dialog.delegateHint')}</Typography.Text>
            </>
          )}
          {action === 'addSign' && (
            <>
              <Form.Item label={t('dialog.addSignPosition')} required>
                <Radio.Group value={position} onChange={(e) => setPosition(e.target.value as Position)}>
                  <Space orientation="vertical">
                    {(['before', 'after', 'parallel'] as const).map((p) => (
                      <Radio key={p} value={p} data-testid={`approval-addsign-${p}`}>
                        {t(`dialog.${p}`)}
                      </Radio>
                    ))}
                  </Space>
                </Radio.Group>
              </Form.Item>
              {picker(t('dialog.addSignUsers'))}
            </>
          )}
          {action === 'cc' && (
            <>
              {picker(t('dialog.ccUsers'))}
              <Checkbox checked={circulate} onChange={(e) => setCirculate(e.target.checked)} data-testid="approval-cc-circulate">
                {t('dialog.circulate')}
              </Checkbox>
            </>
          )}
        </Form>
      </div>
    </Modal>
  );
}
