import { WechatOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Skeleton, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SettingsDialog } from '@/shared/ui/settings-dialog';
import { SettingsItem } from '@/shared/ui/settings-list';
import { useBindState } from '../api/bind-wechat';
import { useWechatQrCode } from '../api/get-wechat-qr-code';
import { useWechatInfo } from '../api/get-wechat-info';
import { authKeys } from '../api/keys';
import { useUnbindWechat } from '../api/unbind-wechat';
import { WechatQr } from './wechat-qr';

/** Shows a bind QR and polls it every 3 s; reports once the scan is bound or refused. */
function BindQr({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('auth');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [attempt, setAttempt] = useState(0);
  const qr = useWechatQrCode('bind', attempt);
  const bind = useBindState(qr.data?.sceneStr);
  const state = bind.data;
  const handled = useRef<typeof state>(undefined);

  useEffect(() => {
    if (!state || handled.current === state) {
      return;
    }
    handled.current = state;
    if (state.kind === 'bound') {
      void message.success(t('security.wechat.bound'));
      void queryClient.invalidateQueries({ queryKey: authKeys.wechatInfo() });
      void queryClient.invalidateQueries({ queryKey: authKeys.currentUser() });
      onDone();
    } else if (state.kind === 'refused') {
      void message.error(state.message || t('security.wechat.alreadyBound'));
    }
  }, [state, message, queryClient, t, onDone]);

  return (
    <Flex vertical align="center" gap={8} data-testid="wechat-bind-qr">
      <WechatQr
        qr={qr.data}
        loading={qr.isFetching}
        expired={state?.kind === 'refused' || qr.isError}
        onRefresh={() => setAttempt((value) => value + 1)}
        testIdPrefix="wechat-bind"
      />
      <Typography.Text type="secondary">{t('security.wechat.scanHint')}</Typography.Text>
    </Flex>
  );
}

/**
 * The WeChat row of the security settings: the bound account with an unbind (confirmed), or a dialog with a bind QR.
 */
export function WechatSetting() {
  const { t } = useTranslation('auth');
  const { modal, message } = App.useApp();
  const info = useWechatInfo();
  const unbind = useUnbindWechat();
  const [binding, setBinding] = useState(false);
  const bound = info.data?.bound === true;

  const confirmUnbind = () => {
    modal.confirm({
      title: t('security.wechat.unbindTitle'),
      content: t('security.wechat.unbindContent'),
      okText: t('user.confirm'),
      cancelText: t('user.cancel'),
      onOk: async () => {
        await unbind.mutateAsync();
        void message.success(t('security.wechat.unbound'));
      },
    });
  };

  const state = () => {
    if (info.isPending) {
      return <Skeleton.Input active size="small" />;
    }
    return bound
      ? t('security.wechat.boundTo', { name: info.data?.nickName ?? t('security.wechat.unnamed') })
      : t('security.wechat.notBound');
  };

  return (
    <>
      <SettingsItem
        id="wechat"
        prefix="security"
        icon={<WechatOutlined />}
        title={t('security.wechat.title')}
        state={state()}
        action={
          bound ? (
            <Button danger onClick={confirmUnbind} data-testid="wechat-unbind">
              {t('security.wechat.unbind')}
            </Button>
          ) : (
            <Button onClick={() => setBinding(true)} disabled={info.isPending} data-testid="wechat-bind-start">
              {t('security.bind')}
            </Button>
          )
        }
      />
      <SettingsDialog
        open={binding}
        onClose={() => setBinding(false)}
        title={t('security.wechat.bind')}
        testId="security-dialog-wechat"
      >
        <BindQr onDone={() => setBinding(false)} />
      </SettingsDialog>
    </>
  );
}
