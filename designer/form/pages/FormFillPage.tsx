/**
 * 填写表单 (custom component `form.fill`, /form/add, standalone, SPEC §2.2-2.3): where staff fill a
 * designer-made form. `?id=<form page id>` renders that form through the engine (EnginePage → FormPage): it
 * saves through the form's generic entity API (/api/custom_<key>/add) and, when the form is bound to a flow
 * (the page's `flow`), starts it on 提交 or keeps it as a draft on 暂存 (FormPage's flow submit); afterwards a
 * result offers another one. Without `id` it lists the published designer-made forms (Template/list) to pick.
 */
import { useEffect, useState } from 'react';
import { Button, Card, Empty, List, Result, Spin, Typography } from 'antd';
import { FormOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { EnginePage } from '../../../engine/renderers/EnginePage';
import type { PageKindProps } from '../../../engine/renderers/registry';
import { formsetApi, type FormRow } from './api';

/** The fill page (see the module comment). */
export function FormFillPage(_props: PageKindProps) {
  const { t } = useTranslation('formset');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const [done, setDone] = useState<number | null>(null);
  const [round, setRound] = useState(0);
  const [forms, setForms] = useState<FormRow[] | null>(null);

  useEffect(() => {
    setDone(null);
    if (id) return;
    formsetApi.list().then(
      (list) => setForms(list.filter((f) => f.designed && f.status === 'published')),
      () => setForms([]),
    );
  }, [id]);

  if (!id) {
    return (
      <Card title={t('fill.chooseTitle')} style={{ maxWidth: 720, margin: '24px auto' }} data-testid="form-fill-choose">
        {forms === null ? (
          <Spin style={{ display: 'block', margin: '24px auto' }} />
        ) : forms.length ? (
          <List
            dataSource={forms}
            renderItem={(f) => (
              <List.Item
                actions={[
                  <Typography.Link key="fill" onClick={() => navigate(`/form/add?id=${encodeURIComponent(f.id)}`)}>
                    {t('fill.open')}
                  </Typography.Link>,
                ]}
              >
                <List.Item.Meta avatar={<FormOutlined style={{ fontSize: 20 }} />} title={f.title} />
              </List.Item>
            )}
          />
        ) : (
          <Empty description={t('fill.none')} />
        )}
      </Card>
    );
  }

  if (done !== null) {
    return (
      <Result
        status="success"
        title={t('fill.done')}
        data-testid="form-fill-done"
        extra={[
          <Button
            key="again"
            type="primary"
            onClick={() => {
              setDone(null);
              setRound((n) => n + 1);
            }}
          >
            {t('fill.again')}
          </Button>,
          <Button key="list" onClick={() => navigate('/form/add')}>
            {t('fill.others')}
          </Button>,
        ]}
      />
    );
  }

  return (
    <Card style={{ maxWidth: 960, margin: '24px auto' }} data-testid="form-fill">
      <EnginePage key={`${id}-${round}`} id={id} onDone={(r) => setDone(typeof r.id === 'number' ? r.id : 0)} onCancel={() => navigate('/form/add')} />
    </Card>
  );
}
