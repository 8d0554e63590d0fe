import { Skeleton, Tabs } from 'antd';
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/shared/stores/session-store';
import { useLocalFlag } from '../api/check-location';
import { CredentialsForm } from './credentials-form';
import { PhoneBindingForm } from './phone-binding-form';
import { WechatLoginPanel } from './wechat-login-panel';

type TabKey = 'wechat' | 'account' | 'sms';

const TABS: readonly TabKey[] = ['wechat', 'account', 'sms'];

function LoginTabs({ localFlag, onNewWechatUser }: { localFlag: 0 | 1; onNewWechatUser: () => void }) {
  const { t } = useTranslation('auth');
  // Spec §2: WeChat first, or Account when the local flag says e-mail login suits the visitor.
  const [active, setActive] = useState<TabKey>(localFlag === 1 ? 'account' : 'wechat');
  const content: Record<TabKey, ReactNode> = {
    wechat: <WechatLoginPanel onNewUser={onNewWechatUser} />,
    account: <CredentialsForm mode="password" localFlag={localFlag} />,
    sms: <CredentialsForm mode="code" localFlag={localFlag} />,
  };
  const items = TABS.map((key) => ({
    key,
    label: <span data-testid={`login-tab-${key}`}>{t(`dialog.tabs.${key}`)}</span>,
    children: content[key],
  }));
  // Hidden tabs are unmounted, so the WeChat QR stops polling once the user moves to another tab.
  return (
    <Tabs activeKey={active} onChange={(key) => setActive(key as TabKey)} items={items} centered destroyOnHidden />
  );
}

/** The dialog's content, loaded on first opening: the three tabs, or the phone-binding step after a new WeChat scan. */
export default function LoginDialogBody() {
  const localFlag = useLocalFlag();
  // Once binding starts the step stays until the dialog closes, even after a successful binding spends the key.
  const [binding, setBinding] = useState(false);
  const startBinding = useCallback(() => setBinding(true), []);
  const leaveBinding = useCallback(() => {
    useSession.getState().setEventKey('');
    setBinding(false);
  }, []);

  if (localFlag.isPending) {
    return <Skeleton active />;
  }
  if (binding) {
    return <PhoneBindingForm onBack={leaveBinding} />;
  }
  return <LoginTabs localFlag={localFlag.data ?? 0} onNewWechatUser={startBinding} />;
}
