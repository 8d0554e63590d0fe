import { Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const TABS = ['wechat', 'account', 'sms'] as const;

/** The dialog's tabs: WeChat QR scan (default), account and password, verification code (spec §2). */
export default function LoginDialogBody() {
  const { t } = useTranslation('auth');
  const items = TABS.map((key) => ({
    key,
    label: <span data-testid={`login-tab-${key}`}>{t(`dialog.tabs.${key}`)}</span>,
    children: <Typography.Paragraph type="secondary">{t(`dialog.hints.${key}`)}</Typography.Paragraph>,
  }));
  return <Tabs defaultActiveKey="wechat" items={items} centered />;
}
