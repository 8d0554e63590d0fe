import { TIMING } from '@suanli/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountdown } from '@/shared/ui/use-countdown';
import { useCodeCountdowns } from './code-countdowns';

interface SendCodeButtonProps {
  /** Sends the code; resolves true when it went out, which starts the countdown. */
  onSend: () => Promise<boolean>;
  /** Whose count this is (`countdownKey(purpose, account)`): the same key shows the same count wherever it appears. */
  countdownKey: string;
  testId: string;
}

/** Spec §4: after a code is sent the button counts down 60 seconds and stays disabled meanwhile. */
export function SendCodeButton({ onSend, countdownKey, testId }: SendCodeButtonProps) {
  const { t } = useTranslation('auth');
  const deadline = useCodeCountdowns((state) => state.deadlines[countdownKey] ?? null);
  const start = useCodeCountdowns((state) => state.start);
  const { left, running } = useCountdown(deadline, TIMING.codeResendSeconds);
  const [sending, setSending] = useState(false);

  const send = async () => {
    setSending(true);
    try {
      if (await onSend()) {
        start(countdownKey);
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
