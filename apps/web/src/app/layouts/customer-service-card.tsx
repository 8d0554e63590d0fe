import { Descriptions, Flex, Skeleton, Typography } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { useSiteInfo } from '@/shared/config/site-info';
import { supportHoursText } from './support-hours';

/** The digits a `tel:` link dials: a hotline written 400-000-0000 is dialled 4000000000. */
const dialable = (phone: string) => phone.replace(/[^\d+]/g, '');

/**
 * Customer service as the operator configured it (issue 9): a phone to tap, an e-mail, the hours with their time zone
 * and the WeChat customer-service QR. Shown by the header's popover and by "Contact us".
 */
export function CustomerServiceCard({ titled = true }: { titled?: boolean }) {
  const { t, i18n } = useTranslation('layout');
  const info = useSiteInfo().data;
  if (!info) {
    return <Skeleton active style={{ width: 280 }} />;
  }
  const { phone, email, hours, wechatUrl } = info.support;
  return (
    <Flex vertical gap={12} style={{ maxWidth: 320 }} data-testid="customer-service-card">
      <Descriptions
        size="small"
        column={1}
        title={titled ? t('customerService.title') : undefined}
        items={[
          {
            key: 'phone',
            label: t('customerService.phone'),
            children: (
              <Typography.Link href={`tel:${dialable(phone)}`} data-testid="cs-phone">
                {phone}
              </Typography.Link>
            ),
          },
          {
            key: 'email',
            label: t('customerService.email'),
            children: (
              <Typography.Link href={`mailto:${email}`} data-testid="cs-email">
                {email}
              </Typography.Link>
            ),
          },
          {
            key: 'hours',
            label: t('customerService.hours'),
            children: <span data-testid="cs-hours">{supportHoursText(hours, i18n.language, t)}</span>,
          },
        ]}
      />
      <Flex align="center" gap={12}>
        <QRCodeSVG
          value={wechatUrl}
          size={96}
          title={t('customerService.wechatQr')}
          role="img"
          aria-label={t('customerService.wechatQr')}
          data-testid="cs-wechat-qr"
        />
        <Typography.Text type="secondary">{t('customerService.wechatHint')}</Typography.Text>
      </Flex>
    </Flex>
  );
}
