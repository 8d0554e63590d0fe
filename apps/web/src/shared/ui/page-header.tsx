import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useRouteActive } from './route-activity';

interface PageHeaderProps {
  title: string;
  extra?: ReactNode;
}

/** The title row every console page starts with: the page's one <h1>, sized as a console title rather than a poster. */
export function PageHeader({ title, extra }: PageHeaderProps) {
  const active = useRouteActive();
  return (
    <Flex align="center" justify="space-between" gap={12} wrap style={{ marginBottom: 16 }}>
      <Typography.Title level={1} style={{ margin: 0, fontSize: 24 }} data-testid={active ? 'page-title' : undefined}>
        {title}
      </Typography.Title>
      {extra}
    </Flex>
  );
}
