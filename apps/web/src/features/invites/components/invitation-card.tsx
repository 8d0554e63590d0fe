import { Alert, App, Button, Card, Flex, Input, Skeleton, Space, Typography } from 'antd';
import { QRCodeCanvas } from 'qrcode.react';
import { useRef } from 'react';
import { useInvitationCode } from '../api/get-invitation-code';
import { copyCanvas, copyText } from './copy-to-clipboard';
import { invitationLink } from './invitation-link';
import { useInvitesTranslation } from '../use-invites-translation';

const QR_SIZE = 160;

/** The caller's invitation code, link and QR code, each with a copy button (spec §2 /userEncourage, §8 messages). */
export function InvitationCard() {
  const { t } = useInvitesTranslation();
  const { message } = App.useApp();
  const code = useInvitationCode();
  const qr = useRef<HTMLDivElement>(null);

  if (code.isError) {
    return (
      <Card title={t('card.title')}>
        <Alert type="error" showIcon title={t('errors.code')} data-testid="invitation-code-error" />
      </Card>
    );
  }
  if (!code.data) {
    return (
      <Card title={t('card.title')}>
        <Skeleton active paragraph={{ rows: 3 }} />
      </Card>
    );
  }
  const { invitationCode } = code.data;
  const link = invitationLink(invitationCode);
  const copy = (text: string) =>
    void copyText(text).then(
      () => message.success(t('copy.done')),
      () => message.error(t('copy.failed')),
    );
  const copyQr = () =>
    void copyCanvas(qr.current?.querySelector('canvas')).then(
      () => message.success(t('copy.done')),
      () => message.error(t('errors.qr')),
    );

  return (
    <Card title={t('card.title')}>
      <Flex gap={24} wrap align="flex-start">
        <Flex vertical gap={12} style={{ flex: '1 1 320px', minWidth: 0 }}>
          <div>
            <Typography.Text type="secondary">{t('card.code')}</Typography.Text>
            <Space.Compact style={{ width: '100%' }}>
              <Input readOnly value={invitationCode} aria-label={t('card.code')} data-testid="invitation-code" />
              <Button onClick={() => copy(invitationCode)} data-testid="copy-invitation-code">
                {t('card.copyCode')}
              </Button>
            </Space.Compact>
          </div>
          <div>
            <Typography.Text type="secondary">{t('card.link')}</Typography.Text>
            <Space.Compact style={{ width: '100%' }}>
              <Input readOnly value={link} aria-label={t('card.link')} data-testid="invitation-link" />
              <Button type="primary" onClick={() => copy(link)} data-testid="copy-invitation-link">
                {t('card.copyLink')}
              </Button>
            </Space.Compact>
          </div>
        </Flex>
        <Flex vertical align="center" gap={8}>
          <div ref={qr} data-testid="invitation-qr">
            <QRCodeCanvas value={link} size={QR_SIZE} marginSize={2} title={t('card.qr')} />
          </div>
          <Button size="small" onClick={copyQr} data-testid="copy-invitation-qr">
            {t('card.copyQr')}
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}
