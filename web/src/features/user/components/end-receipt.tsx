import { DownloadOutlined, FilePdfOutlined } from '@ant-design/icons';
import { App, Button, Descriptions, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadBlob } from '@/lib/download';
import { formatTime } from '@/lib/format';
import { saveEndReceiptPdf, type EndReceipt } from '../api/customer-end';
import { EndCountsList } from './end-counts';
import { levelName } from './labels';
import { CUSTOMER_LEVEL } from './user-access';

const DEALER_LEVEL = CUSTOMER_LEVEL - 1;

/** The receipt's file name: the customer's account and the job, so two ends never share one. */
export const receiptFileName = (receipt: EndReceipt) => `customer-end-${receipt.customerAccount}-${receipt.jobId}.json`;

/**
 * A finished end's receipt: who was ended, by whom and when, what was removed, the robots handed over to the
 * dealer, and the receipt as a PDF (drawn by the server in the console's language, with the SHA-256 of the receipt's
 * JSON) or as a JSON file (the server's answer as it came, so the file is what the server keeps).
 */
export function EndReceiptView({ receipt }: { receipt: EndReceipt }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [pdfBusy, setPdfBusy] = useState(false);
  const download = () => {
    downloadBlob(new Blob([JSON.stringify(receipt, null, 2)], { type: 'application/json' }), receiptFileName(receipt));
    void message.success(t('user.end.downloaded'));
  };
  const downloadPdf = () => {
    setPdfBusy(true);
    void saveEndReceiptPdf(receipt.jobId)
      .then(() => {
        void message.success(t('user.end.downloaded'));
      })
      .catch(() => undefined) // a refusal is toasted by the client
      .finally(() => setPdfBusy(false));
  };
  const robots = receipt.robots === 'handover' ? t('user.end.handover', { dealer: receipt.dealerName }) : t('user.end.remove');
  return (
    <section aria-labelledby="cf-end-receipt" data-testid="end-receipt">
      <Typography.Title level={3} id="cf-end-receipt" className="cf-end__heading">
        {t('user.end.receipt')}
      </Typography.Title>
      <Descriptions size="small" column={1} className="cf-end__receipt">
        <Descriptions.Item label={t('user.end.customer')}>{`${receipt.customerName} (${receipt.customerAccount})`}</Descriptions.Item>
        <Descriptions.Item label={levelName(t, DEALER_LEVEL)}>{receipt.dealerName}</Descriptions.Item>
        <Descriptions.Item label={t('user.end.endedBy')}>{receipt.requestedByAccount}</Descriptions.Item>
        <Descriptions.Item label={t('user.end.when')}>
          <span dir="ltr">{`${formatTime(receipt.startedAt)} – ${formatTime(receipt.finishedAt)}`}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('user.end.robotsChoice')}>{robots}</Descriptions.Item>
        <Descriptions.Item label={t('user.end.removed')}>
          <EndCountsList counts={receipt.removed} testId="end-receipt-removed" />
        </Descriptions.Item>
        {receipt.robots === 'handover' && (
          <Descriptions.Item label={t('user.end.handedOver')}>
            {receipt.handedOver.length === 0
              ? t('user.common.none')
              : receipt.handedOver.map((robot) => `${robot.serialNumber} ${robot.name}`.trim()).join(', ')}
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('user.end.auditRows')}>{receipt.auditRowsPseudonymised}</Descriptions.Item>
      </Descriptions>
      <Space wrap>
        <Button icon={<FilePdfOutlined />} onClick={downloadPdf} loading={pdfBusy} data-testid="end-receipt-pdf">
          {t('user.end.downloadPdf')}
        </Button>
        <Button icon={<DownloadOutlined />} onClick={download} data-testid="end-receipt-download">
          {t('user.end.download')}
        </Button>
      </Space>
    </section>
  );
}
