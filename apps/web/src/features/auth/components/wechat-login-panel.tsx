import { Flex, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/shared/stores/session-store';
import { useWechatQrCode } from '../api/get-wechat-qr-code';
import { useScanState } from '../api/scan-login';
import { useCompleteLogin } from './use-complete-login';
import { WechatQr } from './wechat-qr';

interface WechatLoginPanelProps {
  /** A new WeChat user scanned: the dialog moves on to binding a phone (spec §4). */
  onNewUser: () => void;
}

/** The WeChat tab: a login QR polled every 3 s until someone scans it or it expires (spec §4 "WeChat login"). */
export function WechatLoginPanel({ onNewUser }: WechatLoginPanelProps) {
  const { t } = useTranslation('auth');
  const [attempt, setAttempt] = useState(0);
  const qr = useWechatQrCode('login', attempt);
  const eventKey = qr.data?.sceneStr;
  const scan = useScanState(eventKey, true);
  const completeLogin = useCompleteLogin();
  const state = scan.data;
  // Each poll answer is acted on once, even when the effect re-runs for another reason (a language switch).
  const handled = useRef<typeof state>(undefined);

  useEffect(() => {
    if (!state || handled.current === state) {
      return;
    }
    handled.current = state;
    if (state.kind === 'loggedIn') {
      void completeLogin(state.token);
    } else if (state.kind === 'newUser' && eventKey) {
      useSession.getState().setEventKey(eventKey);
      onNewUser();
    }
  }, [state, eventKey, completeLogin, onNewUser]);

  return (
    <Flex vertical align="center" gap={12} data-testid="wechat-login-panel">
      <WechatQr
        qr={qr.data}
        loading={qr.isFetching}
        expired={state?.kind === 'expired' || qr.isError}
        onRefresh={() => setAttempt((value) => value + 1)}
        testIdPrefix="wechat-login"
      />
      <Typography.Text type="secondary">{t('wechat.scanHint')}</Typography.Text>
    </Flex>
  );
}
