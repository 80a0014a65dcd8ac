import { Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { SoftVersion } from '../api/soft';
import { fileSize } from '../lib/format';

/** A version's range in a few words: all robots or a white list, less a black list, plus test devices. */
export function rangeSummary(t: TFunction, v: SoftVersion): string {
  if (!v.range.set) return t('version.soft.range.notSet');
  const parts = [v.range.scope === 'all' ? t('version.soft.range.summaryAll') : t('version.soft.range.summaryWhite', { count: v.range.whiteCount })];
  if (v.range.blackCount) parts.push(t('version.soft.range.summaryBlack', { count: v.range.blackCount }));
  if (v.range.testCount) parts.push(t('version.soft.range.summaryTest', { count: v.range.testCount }));
  return parts.join(' · ');
}

/** The name (version, type, description) and the file (name, size, checksum to copy) of a software version. */
export function softFileColumns(t: TFunction, typeName: (name: string) => string): ColumnsType<SoftVersion> {
  return [
    {
      title: t('version.soft.fields.name'),
      key: 'name',
      render: (_, v) => (
        <div>
          <strong>{v.name}</strong> <Tag>{v.version}</Tag> <Tag color="geekblue">{typeName(v.typeName)}</Tag>
          {v.description ? <div><Typography.Text type="secondary">{v.description}</Typography.Text></div> : null}
        </div>
      ),
    },
    {
      title: t('version.soft.fields.file'),
      key: 'file',
      render: (_, v) => (
        <div>
          <div>
            {v.fileName} · {fileSize(v.size)}
          </div>
          <Typography.Text type="secondary" copyable={{ text: v.sha256 }} style={{ fontFamily: 'monospace', fontSize: 12 }}>
            {v.sha256.slice(0, 16)}…
          </Typography.Text>
        </div>
      ),
    },
  ];
}
