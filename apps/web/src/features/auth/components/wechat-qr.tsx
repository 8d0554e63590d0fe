import { ReloadOutlined } from '@ant-design/icons';
import { Button, Flex, Skeleton, Typography } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';

interface WechatQrProps {
  qr: { url: string; sandbox: boolean } | undefined;
  loading: boolean;
  /** The server said the QR expired (409), or it failed to load: offer a fresh one. */
  expired: boolean;
  onRefresh: () => void;
  testIdPrefix: string;
}

const QR_SIZE = 180;

/**
 * A WeChat QR for login or binding. In sandbox mode the QR leads to a local page with a "scan as…" button, and a link
 * opens that page directly so a person can scan without a phone.
 */
export function WechatQr({ qr, loading, expired, onRefresh, testIdPrefix }: WechatQrProps) {
  const { t } = useTranslation('auth');
  if (loading && !qr) {
    return <Skeleton.Node active style={{ width: QR_SIZE, height: QR_SIZE }} />;
  }
  return (
    <Flex vertical align="center" gap={8}>
      <div style={{ position: 'relative', width: QR_SIZE, height: QR_SIZE }}>
        {qr ? (
          <QRCodeSVG value={qr.url} size={QR_SIZE} title={t('wechat.qrTitle')} data-testid={`${testIdPrefix}-qr`} />
        ) : null}
        {expired || !qr ? (
          <Flex
            vertical
            align="center"
            justify="center"
            gap={8}
            style={{ position: 'absolute', inset: 0, background: 'rgba(255,255,255,0.92)' }}
          >
            <Typography.Text>{t('wechat.expired')}</Typography.Text>
            <Button icon={<ReloadOutlined />} onClick={onRefresh} data-testid={`${testIdPrefix}-qr-refresh`}>
              {t('wechat.refresh')}
            </Button>
          </Flex>
        ) : null}
      </div>
      {qr?.sandbox && !expired ? (
        <Typography.Link href={qr.url} target="_blank" rel="noopener noreferrer" data-testid="wechat-sandbox-link">
          {t('wechat.sandboxLink')}
        </Typography.Link>
      ) : null}
    </Flex>
  );
}
