import { TIMING } from '@suanli/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountdown } from '@/shared/ui/use-countdown';

interface SendCodeButtonProps {
  /** Sends the code; resolves true when it went out, which starts the countdown. */
  onSend: () => Promise<boolean>;
  testId: string;
}

/** Spec §4: after a code is sent the button counts down 60 seconds and stays disabled meanwhile. */
export function SendCodeButton({ onSend, testId }: SendCodeButtonProps) {
  const { t } = useTranslation('auth');
  const { left, running, start } = useCountdown(TIMING.codeResendSeconds);
  const [sending, setSending] = useState(false);

  const send = async () => {
    setSending(true);
    try {
      if (await onSend()) {
        start();
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <Button data-testid={testId} disabled={running} loading={sending} onClick={() => void send()}>
      {running ? t('code.resendIn', { seconds: left }) : t('code.send')}
    </Button>
  );
}
