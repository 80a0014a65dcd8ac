import { Checkbox, Form, Input, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/form-modal';
import { QueryState } from '@/components/query-state';
import { enter, maxChars } from '@/lib/form-rules';
import { useCreateWebhook, useEditWebhook, type WebhookWithSecret } from '../api/webhooks';
import { useCatalogue, type CatalogueEvent, type CatalogueGroup, type WebhookCatalogue } from '../api/catalogue';
import type { WebhookRow } from '../api/webhooks';
import type { BodyOf } from '@/api/types';

/** The form's values: the subscription as /integration/webhook/add takes it. */
type Values = Required<BodyOf<'/api/integration/webhook/add'>>;

const MAX_EVENTS = 32;
/** A refusal of the n-th event name (`events.3`) shows under the checklist. */
const EVENT_FIELDS = Object.fromEntries(Array.from({ length: MAX_EVENTS }, (_, i) => [`events.${i}`, 'events']));

/** The catalogue's events by group, in the catalogue's group order, each group named as the server names it. */
export function byGroup(catalogue: Pick<WebhookCatalogue, 'groups' | 'events'>): [CatalogueGroup, CatalogueEvent[]][] {
  return catalogue.groups
    .map((group): [CatalogueGroup, CatalogueEvent[]] => [group, catalogue.events.filter((event) => event.group === group.name)])
    .filter(([, members]) => members.length > 0);
}

/** The checklist as a form control: Form.Item hands it `value` and `onChange`, passed on to the group. */
function EventChecklist({ catalogue, value, onChange }: { catalogue: WebhookCatalogue; value?: string[]; onChange?: (value: string[]) => void }) {
  return (
    <Checkbox.Group style={{ width: '100%' }} value={value} onChange={onChange} data-testid="webhook-events">
      <div className="cf-webhook-groups">
        {byGroup(catalogue).map(([group, members]) => (
          <fieldset key={group.name} className="cf-webhook-group">
            <legend>{group.label}</legend>
            {members.map((event) => (
              <Checkbox key={event.name} value={event.name} data-testid={`webhook-event-${event.name}`}>
                <Typography.Text code>{event.name}</Typography.Text>
              </Checkbox>
            ))}
          </fieldset>
        ))}
      </div>
    </Checkbox.Group>
  );
}

/** "New webhook" / "Edit webhook": name, URL, the events as a grouped checklist from the catalogue, on or off.
 * A new subscription's secret is handed to `onCreated` (shown once by the page). */
export function WebhookDialog({ row, onClose, onCreated }: { row?: WebhookRow; onClose: () => void; onCreated: (made: WebhookWithSecret) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const catalogue = useCatalogue();
  const create = useCreateWebhook();
  const edit = useEditWebhook();

  const save = async (values: Values) => {
    if (row) {
      await edit.mutateAsync({ subscriptionId: row.subscriptionId, ...values });
    } else {
      onCreated(await create.mutateAsync(values));
    }
  };

  return (
    <FormModal<Values>
      title={row ? t('webhook.dialog.editTitle') : t('webhook.dialog.addTitle')}
      form={form}
      onSave={save}
      onClose={onClose}
      saving={create.isPending || edit.isPending}
      savedText={row ? t('webhook.saved') : undefined}
      okText={row ? t('common.save') : t('webhook.dialog.create')}
      testId="webhook-form"
      width={640}
      initialValues={row ? { name: row.name, url: row.url, events: row.events, active: row.active } : { active: true, events: [] }}
      serverFields={EVENT_FIELDS}
    >
      <Form.Item name="name" label={t('webhook.dialog.name')} rules={[enter(t, t('webhook.dialog.name')), maxChars(t, 64)]}>
        <Input maxLength={64} placeholder={t('webhook.dialog.namePlaceholder')} data-testid="webhook-name" />
      </Form.Item>
      <Form.Item
        name="url"
        label={t('webhook.dialog.url')}
        extra={t('webhook.dialog.urlHelp')}
        rules={[enter(t, t('webhook.dialog.url')), maxChars(t, 2048), { pattern: /^https?:\/\/\S+$/i, message: t('webhook.dialog.urlInvalid') }]}
      >
        <Input maxLength={2048} placeholder="https://example.com/hooks/cleanfleet" inputMode="url" data-testid="webhook-url" />
      </Form.Item>
      <Form.Item name="events" label={t('webhook.dialog.events')} rules={[{ type: 'array', min: 1, message: t('webhook.dialog.eventsRequired') }]}>
        {catalogue.data ? <EventChecklist catalogue={catalogue.data} /> : <QueryState query={catalogue}>{null}</QueryState>}
      </Form.Item>
      <Form.Item name="active" label={t('webhook.dialog.active')} valuePropName="checked">
        <Switch data-testid="webhook-active" />
      </Form.Item>
    </FormModal>
  );
}
