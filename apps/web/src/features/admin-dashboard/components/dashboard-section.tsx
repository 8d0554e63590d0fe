import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Flex, Spin, Typography } from 'antd';
import { useId, type ReactNode } from 'react';
import { errorText, isHttpError } from '@/shared/http';
import { useAdminDashboardTranslation } from '../use-admin-dashboard-translation';

interface DashboardSectionProps<T> {
  title: string;
  /** The section's test id; its loading and error states add `-loading` and `-error`. */
  testId: string;
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}

/** One area's part of the dashboard: its heading, then its figures once the server answered, or why not yet. */
export function DashboardSection<T>({ title, testId, query, children }: DashboardSectionProps<T>) {
  const { t } = useAdminDashboardTranslation();
  const titleId = useId();
  let body: ReactNode;
  if (query.data !== undefined) {
    body = children(query.data);
  } else if (query.isError) {
    const failure = isHttpError(query.error) ? errorText(query.error, t) : null;
    body = (
      <Alert type="warning" showIcon title={failure ?? t('http:errors.unknown')} data-testid={`${testId}-error`} />
    );
  } else {
    body = (
      <Flex align="center" gap={8} style={{ minHeight: 96 }} data-testid={`${testId}-loading`}>
        <Spin />
        <Typography.Text type="secondary">{t('loading')}</Typography.Text>
      </Flex>
    );
  }
  return (
    <section aria-labelledby={titleId} aria-busy={query.isFetching} style={{ marginBottom: 32 }} data-testid={testId}>
      <Typography.Title level={2} id={titleId} style={{ fontSize: 18, marginTop: 0 }}>
        {title}
      </Typography.Title>
      {body}
    </section>
  );
}
