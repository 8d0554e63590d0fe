import { CloudServerOutlined } from '@ant-design/icons';
import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The product mark; it always leads home (spec §2, public login layout). */
export function Logo() {
  const { t } = useTranslation('common');
  return (
    <Link to="/" data-testid="logo" style={{ display: 'inline-flex' }}>
      <Space size={6}>
        <CloudServerOutlined style={{ fontSize: 22, color: '#1677ff' }} />
        <Typography.Text strong style={{ fontSize: 18, whiteSpace: 'nowrap' }}>
          {t('appName')}
        </Typography.Text>
      </Space>
    </Link>
  );
}
