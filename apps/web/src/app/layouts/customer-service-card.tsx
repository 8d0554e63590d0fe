import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { SUPPORT_CONTACT } from '@/shared/config/site';

/** The customer-service details shown in the header popover and under "contact us". */
export function CustomerServiceCard() {
  const { t } = useTranslation('layout');
  return (
    <Descriptions
      data-testid="customer-service-card"
      size="small"
      column={1}
      title={t('customerService.title')}
      items={[
        { key: 'phone', label: t('customerService.phone'), children: SUPPORT_CONTACT.phone },
        { key: 'email', label: t('customerService.email'), children: SUPPORT_CONTACT.email },
        { key: 'hours', label: t('customerService.hours'), children: t('customerService.hoursValue') },
      ]}
    />
  );
}
