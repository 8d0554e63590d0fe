import { TIMING } from '@suanli/contract';
import { Button, Skeleton, Typography } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { BusinessServices } from '@/features/feedback/components/business-services';
import { useFeedbackTranslation } from '@/features/feedback/use-feedback-translation';
import { lazyWithTimeout } from '@/shared/ui/lazy-with-timeout';
import { PageHeader } from '@/shared/ui/page-header';
import { PlainCard } from '@/shared/ui/plain-card';

// The form's fields and checks load after the page's first paint; a guest reading the services never waits for them.
const ConsultForm = lazyWithTimeout(() => import('@/features/feedback/components/consult-form'));

const CONSULT_ID = 'consult';

/** Spec §1-2 business landing: the five services, and the business consultation form below them. */
export default function BusinessImplementationPage() {
  const { t } = useTranslation('routes');
  const { t: tFeedback } = useFeedbackTranslation();
  const toForm = () => document.getElementById(CONSULT_ID)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  return (
    <>
      <PageHeader
        title={t('businessImplementation.title')}
        extra={
          <Button type="primary" onClick={toForm} data-testid="business-consult-now">
            {tFeedback('landing.consultNow')}
          </Button>
        }
      />
      <Typography.Paragraph>{tFeedback('landing.intro')}</Typography.Paragraph>
      <BusinessServices />
      <section id={CONSULT_ID} style={{ marginTop: 24, scrollMarginTop: 16 }}>
        <PlainCard title={<h2 style={{ margin: 0, fontSize: 16 }}>{tFeedback('consult.title')}</h2>}>
          <Typography.Paragraph type="secondary">
            {tFeedback('consult.intro', { hours: TIMING.consultationReplyHours })}
          </Typography.Paragraph>
          <Suspense fallback={<Skeleton active />}>
            <ConsultForm />
          </Suspense>
        </PlainCard>
      </section>
    </>
  );
}
