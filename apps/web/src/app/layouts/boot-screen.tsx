import { Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** Shown while the first navigation (guard and page chunk) settles. */
export function BootScreen() {
  const { t } = useTranslation('common');
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh' }}>
      <Spin size="large" description={t('loading')} />
    </Flex>
  );
}
