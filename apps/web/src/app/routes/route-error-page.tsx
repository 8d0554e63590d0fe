import { Button, Result } from 'antd';
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
  return (
    <Result
      status="warning"
      data-testid="route-error"
      title={t(chunkFailed ? 'routeError.chunkTitle' : 'routeError.title')}
      subTitle={t(chunkFailed ? 'routeError.chunkDescription' : 'routeError.description')}
      extra={[
        <Button key="retry" type="primary" data-testid="route-error-retry" onClick={reload}>
          {t('routeError.retry')}
        </Button>,
        <Button key="home" onClick={goHome}>
          {t('routeError.backHome')}
        </Button>,
      ]}
    />
  );
}
