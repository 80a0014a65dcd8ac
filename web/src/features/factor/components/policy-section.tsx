import { App, Button, Checkbox, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OwnerPicker } from '@/components/owner-picker';
import { usePolicy, useSetPolicy } from '../api/factors';

type Alone = 'inherit' | 'allow' | 'forbid';
const toAlone = (value: boolean | null | undefined): Alone => (value === true ? 'allow' : value === false ? 'forbid' : 'inherit');

/** The sign-in policy of a node of the person's branch (key user/index/factor_policy): require two factors for
 * everyone below it; allow or forbid a passkey alone. A node above may already be stricter (the server says). */
export function PolicySection() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [node, setNode] = useState<number | null>(null);
  const policy = usePolicy(node, true);
  const save = useSetPolicy();
  // what the person changed, over what the node has (cleared when another node is chosen)
  const [draft, setDraft] = useState<{ requireTwo?: boolean; alone?: Alone }>({});
  const requireTwo = draft.requireTwo ?? policy.data?.requireTwo ?? false;
  const alone = draft.alone ?? toAlone(policy.data?.passkeyAlone);
  const choose = (value: number | null) => (setNode(value), setDraft({}));
  const submit = () =>
    save
      .mutateAsync({ ...(node === null ? {} : { userId: node }), requireTwo, passkeyAlone: alone === 'inherit' ? null : alone === 'allow' })
      .then(() => void message.success(t('factor.saved')))
      .catch(() => undefined);
  return (
    <section className="cf-factors__section" aria-labelledby="cf-factors-policy" data-testid="factor-policy">
      <Typography.Title level={2} id="cf-factors-policy" className="cf-factors__heading">
        {t('factor.policyHeading')}
      </Typography.Title>
      <Space direction="vertical">
        <OwnerPicker value={node} onChange={choose} placeholder={t('factor.policyNode')} aria-label={t('factor.policyNode')} />
        <Checkbox checked={requireTwo} onChange={(e) => setDraft({ ...draft, requireTwo: e.target.checked })} data-testid="policy-require-two">
          {t('factor.requireTwo')}
        </Checkbox>
        {policy.data?.setAbove && <Typography.Text type="secondary">{t('factor.setAbove')}</Typography.Text>}
        <label className="cf-factors__field">
          {t('factor.passkeyAlone')}
          <Select<Alone> value={alone} onChange={(value) => setDraft({ ...draft, alone: value })} style={{ minWidth: 200 }} aria-label={t('factor.passkeyAlone')}
            options={[{ value: 'inherit', label: t('factor.inherit') }, { value: 'allow', label: t('factor.allow') }, { value: 'forbid', label: t('factor.forbid') }]} />
        </label>
        <Button type="primary" onClick={() => void submit()} loading={save.isPending} data-testid="policy-save">
          {t('factor.save')}
        </Button>
      </Space>
    </section>
  );
}
