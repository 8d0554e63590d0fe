import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useRouteActive } from './route-activity';

interface PageHeaderProps {
  title: string;
  extra?: ReactNode;
}

/** The title row every console page starts with. */
export function PageHeader({ title, extra }: PageHeaderProps) {
  const active = useRouteActive();
  return (
    <Flex align="center" justify="space-between" style={{ marginBottom: 16 }}>
      <Typography.Title level={3} style={{ margin: 0 }} data-testid={active ? 'page-title' : undefined}>
        {title}
      </Typography.Title>
      {extra}
    </Flex>
  );
}
