import { Descriptions, Typography, type DescriptionsProps } from 'antd';

interface PurchaseSummaryProps {
  items: NonNullable<DescriptionsProps['items']>;
  /** What confirming does to the balance. */
  note: string;
  'data-testid'?: string;
}

/** What a purchase's confirmation asks the user to agree to, line by line, with what it does to the balance. */
export function PurchaseSummary({ items, note, ...rest }: PurchaseSummaryProps) {
  return (
    <>
      <Descriptions column={1} size="small" items={items} {...rest} />
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {note}
      </Typography.Paragraph>
    </>
  );
}
