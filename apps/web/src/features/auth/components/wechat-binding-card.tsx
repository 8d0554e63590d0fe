import { WechatOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Skeleton, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
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

/** WeChat binding in the user center: the bound account with an unbind (confirmed), or a bind QR. */
export function WechatBindingCard() {
  const { t } = useTranslation('auth');
  const { modal, message } = App.useApp();
  const info = useWechatInfo();
  const unbind = useUnbindWechat();
  const [binding, setBinding] = useState(false);

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

  const body = () => {
    if (info.isPending) {
      return <Skeleton active paragraph={{ rows: 1 }} />;
    }
    if (info.data?.bound) {
      return (
        <Flex justify="space-between" align="center" gap={12} wrap>
          <Typography.Text data-testid="wechat-binding-status">
            <WechatOutlined style={{ color: '#52c41a', marginRight: 8 }} />
            {t('security.wechat.boundTo', { name: info.data.nickName ?? t('security.wechat.unnamed') })}
          </Typography.Text>
          <Button danger onClick={confirmUnbind} data-testid="wechat-unbind">
            {t('security.wechat.unbind')}
          </Button>
        </Flex>
      );
    }
    return (
      <Flex vertical gap={12}>
        <Typography.Text type="secondary" data-testid="wechat-binding-status">
          {t('security.wechat.notBound')}
        </Typography.Text>
        {binding ? (
          <BindQr onDone={() => setBinding(false)} />
        ) : (
          <Button
            icon={<WechatOutlined />}
            onClick={() => setBinding(true)}
            data-testid="wechat-bind-start"
            style={{ width: 'fit-content' }}
          >
            {t('security.wechat.bind')}
          </Button>
        )}
      </Flex>
    );
  };

  return (
    <Card title={t('security.wechat.title')} data-testid="security-wechat">
      {body()}
    </Card>
  );
}
