import { WarningFilled } from '@ant-design/icons';
import { Button, Flex, theme, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { ChunkLoadError } from './lazy-page';

// React Router caches a failed lazy import and browsers cache a failed module URL, so only a fresh document load
// retries a chunk; after a deploy it also fetches the new chunk names.
function reload() {
  window.location.reload();
}

function goHome() {
  window.location.assign('/');
}

/** What a route shows when its chunk or its rendering fails, with a way to try again. */
export function RouteErrorPage() {
  const { t } = useTranslation('common');
  const error = useRouteError();
  const chunkFailed = error instanceof ChunkLoadError;
  const { token } = theme.useToken();
  // Laid out as antd's Result would be, without it: Result carries its 404, 403 and 500 illustrations into the shell,
  // and this page has to be there (when a chunk fails, another one cannot be loaded to say so).
  return (
    <Flex
      vertical
      align="center"
      gap={16}
      style={{ padding: '48px 32px', textAlign: 'center' }}
      data-testid="route-error"
    >
      <WarningFilled style={{ fontSize: 72, color: token.colorWarning }} aria-hidden />
      <Typography.Text strong style={{ fontSize: 24 }}>
        {t(chunkFailed ? 'routeError.chunkTitle' : 'routeError.title')}
      </Typography.Text>
      <Typography.Text type="secondary">
        {t(chunkFailed ? 'routeError.chunkDescription' : 'routeError.description')}
      </Typography.Text>
      <Flex gap={8} wrap justify="center">
        <Button type="primary" data-testid="route-error-retry" onClick={reload}>
          {t('routeError.retry')}
        </Button>
        <Button onClick={goHome}>{t('routeError.backHome')}</Button>
      </Flex>
    </Flex>
  );
}
