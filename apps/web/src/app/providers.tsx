import type { Locale } from '@suanli/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider, theme } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useEffect, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../shared/i18n';
import { useInterfaceSettings } from '../shared/stores/interface-settings-store';
import { useSession } from '../shared/stores/session-store';
import { MessageBridgeHost } from '../shared/ui/message-bridge-host';

const ANTD_LOCALES: Record<Locale, typeof zhCN> = { 'zh-CN': zhCN, 'en-US': enUS };

/**
 * The HTTP client reports every failure itself (spec §8), so a retry would only repeat the message; pages that want
 * one ask for it.
 */
export function createQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
}

/**
 * When a new session starts, whatever an earlier user left in the cache (their notices, their profile) is dropped,
 * so the next user never glimpses it. Only queries nobody shows are dropped: the login dialog's own stay.
 */
export function forgetPreviousUserOnLogin(queryClient: QueryClient): () => void {
  return useSession.subscribe((state, previous) => {
    if (state.token !== null && state.token !== previous.token) {
      queryClient.removeQueries({ type: 'inactive' });
    }
  });
}

interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

/** i18n, data cache, antd locale and theme following the persisted interface settings, and antd's message API. */
export function AppProviders({ queryClient, children }: AppProvidersProps) {
  const language = useInterfaceSettings((state) => state.appLanguage);
  const color = useInterfaceSettings((state) => state.color);
  const navTheme = useInterfaceSettings((state) => state.navTheme);
  useEffect(() => forgetPreviousUserOnLogin(queryClient), [queryClient]);
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ConfigProvider
          locale={ANTD_LOCALES[language]}
          theme={{
            token: { colorPrimary: color },
            algorithm: navTheme === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
          }}
        >
          <AntdApp>
            <MessageBridgeHost />
            {children}
          </AntdApp>
        </ConfigProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
