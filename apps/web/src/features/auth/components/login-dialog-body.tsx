import { Flex, Segmented, Skeleton } from 'antd';
import { useCallback, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/shared/stores/session-store';
import { useLocalFlag } from '../api/check-location';
import { CredentialsForm } from './credentials-form';
import { useLoginForm } from './login-form-store';
import { PasswordResetForm } from './password-reset-form';
import { PhoneBindingForm } from './phone-binding-form';
import { WechatLoginPanel } from './wechat-login-panel';

type TabKey = 'wechat' | 'account' | 'sms';

const TABS: readonly TabKey[] = ['wechat', 'account', 'sms'];

interface LoginTabsProps {
  localFlag: 0 | 1;
  initial: TabKey | null;
  onNewWechatUser: () => void;
  onForgotPassword: (account: string) => void;
}

/**
 * The three ways in as a segmented switch over one panel. A switch rather than antd's Tabs: those announce their
 * position to screen readers in English only ("Tab 1 of 3"), where a radio group is announced by the reader itself, in
 * its own language (issue 9). The panel below is unmounted on a switch, so the WeChat QR stops polling.
 */
function LoginTabs({ localFlag, initial, onNewWechatUser, onForgotPassword }: LoginTabsProps) {
  const { t } = useTranslation('auth');
  const panelId = useId();
  // Spec §2: WeChat first, or Account when the local flag says e-mail login suits the visitor.
  const [active, setActive] = useState<TabKey>(initial ?? (localFlag === 1 ? 'account' : 'wechat'));
  const content: Record<TabKey, ReactNode> = {
    wechat: <WechatLoginPanel onNewUser={onNewWechatUser} />,
    account: <CredentialsForm mode="password" localFlag={localFlag} onForgotPassword={onForgotPassword} />,
    sms: <CredentialsForm mode="code" localFlag={localFlag} />,
  };
  const options = TABS.map((key) => ({
    value: key,
    label: <span data-testid={`login-tab-${key}`}>{t(`dialog.tabs.${key}`)}</span>,
  }));
  return (
    <Flex vertical gap={16}>
      <Segmented<TabKey>
        block
        options={options}
        value={active}
        onChange={setActive}
        aria-label={t('dialog.tabsLabel')}
        aria-controls={panelId}
        data-testid="login-tabs"
      />
      <div id={panelId} role="group" aria-label={t(`dialog.tabs.${active}`)}>
        {content[active]}
      </div>
    </Flex>
  );
}

type View = { kind: 'tabs'; tab: TabKey | null } | { kind: 'reset'; account: string } | { kind: 'binding' };

/**
 * The dialog's content, loaded on first opening: the three ways in, the password reset, or the phone-binding step
 * after a new WeChat scan.
 */
export default function LoginDialogBody() {
  const localFlag = useLocalFlag();
  const [view, setView] = useState<View>({ kind: 'tabs', tab: null });
  // Once binding starts the step stays until the dialog closes, even after a successful binding spends the key.
  const startBinding = useCallback(() => setView({ kind: 'binding' }), []);
  const leaveBinding = useCallback(() => {
    useSession.getState().setEventKey('');
    setView({ kind: 'tabs', tab: null });
  }, []);
  const finishReset = useCallback((account: string | null) => {
    if (account) {
      useLoginForm.getState().setAccount(account);
    }
    setView({ kind: 'tabs', tab: 'account' });
  }, []);

  if (localFlag.isPending) {
    return <Skeleton active />;
  }
  if (view.kind === 'binding') {
    return <PhoneBindingForm onBack={leaveBinding} />;
  }
  if (view.kind === 'reset') {
    return <PasswordResetForm account={view.account} onDone={finishReset} />;
  }
  return (
    <LoginTabs
      localFlag={localFlag.data ?? 0}
      initial={view.tab}
      onNewWechatUser={startBinding}
      onForgotPassword={(account) => setView({ kind: 'reset', account })}
    />
  );
}
