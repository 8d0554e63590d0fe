import { Skeleton } from 'antd';
import { lazy, Suspense, type ComponentProps } from 'react';

// The card draws the WeChat QR code (qrcode.react, about 8 kB compressed) and shows only after a click on the header's
// customer-service button or on "Contact us": it loads then, not with every first page (issue 8's 300 kB budget).
const Card = lazy(() => import('./customer-service-card').then((module) => ({ default: module.CustomerServiceCard })));

export function LazyCustomerServiceCard(props: ComponentProps<typeof Card>) {
  return (
    <Suspense fallback={<Skeleton active style={{ width: 280 }} />}>
      <Card {...props} />
    </Suspense>
  );
}
