/**
 * The form revision a record is shown with ("records keep the form revision they were created with and
 * show with it"): a small tag "表单第 N 版" on the detail and edit pages of a record, with a secondary note when a
 * newer revision has been published since. Nothing for a form never revised (`latest` 0) or a bundle without
 * revision (Template/page without `recordId`).
 */
import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PageBundle } from '../schema/bundle';

/** The tag of `revision` (see the module comment). */
export function RevisionTag({ revision }: { revision: PageBundle['revision'] }) {
  const { t } = useTranslation('form');
  if (!revision || revision.latest === 0) return null;
  return (
    <Space size={4} style={{ marginBottom: 8 }} data-testid="form-revision">
      <Tag bordered={false}>{t('form.revision', { number: revision.number })}</Tag>
      {revision.latest > revision.number && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="form-revision-newer">
          {t('form.revisionNewer', { latest: revision.latest })}
        </Typography.Text>
      )}
    </Space>
  );
}
