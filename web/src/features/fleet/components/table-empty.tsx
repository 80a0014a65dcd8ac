import { Empty } from 'antd';

/** A table's empty state: the simple picture and a sentence saying what is missing. */
export function TableEmpty({ text }: { text: string }) {
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} />;
}
