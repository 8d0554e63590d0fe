import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useRouteActive } from './route-activity';

interface PageHeaderProps {
  title: string;
  extra?: ReactNode;
  /** A line under the title saying what the page is for: static, so it is painted with the page's HTML. */
  description?: string;
}

/** The title row every console page starts with: the page's one <h1>, sized as a console title rather than a poster. */
export function PageHeader({ title, extra, description }: PageHeaderProps) {
  const active = useRouteActive();
  const titleRow = (
    <Flex align="center" justify="space-between" gap={12} wrap style={{ marginBottom: description ? 4 : 16 }}>
      <Typography.Title level={1} style={{ margin: 0, fontSize: 24 }} data-testid={active ? 'page-title' : undefined}>
        {title}
      </Typography.Title>
      {extra}
    </Flex>
  );
  if (!description) {
    return titleRow;
  }
  return (
    <>
      {titleRow}
      <Typography.Paragraph type="secondary" style={{ marginBottom: 16 }}>
        {description}
      </Typography.Paragraph>
    </>
  );
}
