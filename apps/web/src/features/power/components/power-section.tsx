import { Flex, Typography } from 'antd';
import { useId, type ReactNode } from 'react';

interface PowerSectionProps {
  title: string;
  children: ReactNode;
  'data-testid'?: string;
}

/** One part of the power-points tab under its own heading, which names the region for assistive technology. */
export function PowerSection({ title, children, ...rest }: PowerSectionProps) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} {...rest}>
      <Flex vertical gap={12}>
        <Typography.Title level={2} id={titleId} style={{ fontSize: 16, margin: 0 }}>
          {title}
        </Typography.Title>
        {children}
      </Flex>
    </section>
  );
}
