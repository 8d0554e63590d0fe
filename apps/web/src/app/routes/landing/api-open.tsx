import { Button, Flex, Typography } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { GatewayReference } from '@/features/api-open/components/gateway-reference';
import { useLoginDialog } from '@/shared/stores/login-dialog-store';
import { useSession } from '@/shared/stores/session-store';
import { lazyWithTimeout } from '@/shared/ui/lazy-with-timeout';
import { PageHeader } from '@/shared/ui/page-header';
import { PlainCard } from '@/shared/ui/plain-card';
import { useApiOpenTranslation } from '@/features/api-open/use-api-open-translation';

// Tables, dialogs and the date picker come only for a signed-in user, not on the guest page's first load.
const ApiOpenKeys = lazyWithTimeout(() => import('./api-open-keys'));
const ApiUserContract = lazyWithTimeout(async () => ({ default: (await import('./api-open-keys')).ApiUserContract }));

/**
 * Spec §2 `/APIOpen`, open to guests (§6): the reference of the calls an API key makes, generated from the OpenAPI
 * document; signed in, the user's keys, the power points their calls spend and the API user contract (spec §7).
 */
export default function ApiOpenPage() {
  const { t } = useTranslation('routes');
  const { t: tApi } = useApiOpenTranslation();
  const signedIn = useSession((state) => state.isLogin);
  const showLogin = useLoginDialog((state) => state.show);
  return (
    <>
      <PageHeader title={t('APIOpen.title')} />
      <Flex vertical gap={16}>
        <PlainCard title={tApi('keys.title')}>
          {signedIn ? (
            <Suspense fallback={null}>
              <ApiOpenKeys />
            </Suspense>
          ) : (
            <Flex vertical gap={12} align="flex-start">
              <Typography.Text>{tApi('keys.signInTitle')}</Typography.Text>
              <Button type="primary" onClick={() => showLogin()} data-testid="api-keys-sign-in">
                {tApi('keys.signIn')}
              </Button>
            </Flex>
          )}
        </PlainCard>
        {signedIn ? (
          <Suspense fallback={null}>
            <ApiUserContract />
          </Suspense>
        ) : null}
        <PlainCard title={tApi('reference.title')}>
          <GatewayReference />
        </PlainCard>
      </Flex>
    </>
  );
}
