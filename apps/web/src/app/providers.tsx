import type { Locale } from '@suanli/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useEffect, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '@/shared/i18n';
import { useInterfaceSettings } from '@/shared/stores/interface-settings-store';
import { followOtherTabs } from '@/shared/stores/session-store';
import { keepFocusInDialogs, keepOpeningKeyOutOfDialogs } from '@/shared/ui/dialog-keyboard';
import { rootHydrated } from '@/shared/ui/hydration-gate';
import { MessageBridgeHost } from '@/shared/ui/message-bridge-host';
import { useReducedMotion } from '@/shared/ui/use-reduced-motion';
import { syncCacheWithSession } from './session-cache';
import { followSessionWithShellHint } from './shell-hint';
import { consoleTheme } from './theme';

const ANTD_LOCALES: Record<Locale, typeof zhCN> = { 'zh-CN': zhCN, 'en-US': enUS };

/**
 * The HTTP client reports every failure itself (spec §8), so a retry would only repeat the message; pages that want
 * one ask for it. Requests go out even when the browser says it is offline (networkMode 'always'): TanStack Query
 * would otherwise pause them until the network returns, and a save would spin with no word; the client fails them at
 * once with spec §8's network message instead (issue 9).
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, networkMode: 'always' },
      mutations: { networkMode: 'always' },
    },
  });
}

interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

/**
 * i18n, data cache, antd locale and theme following the persisted interface settings and the system's motion setting,
 * and antd's message API.
 */
export function AppProviders({ queryClient, children }: AppProvidersProps) {
  const language = useInterfaceSettings((state) => state.appLanguage);
  const color = useInterfaceSettings((state) => state.color);
  const navTheme = useInterfaceSettings((state) => state.navTheme);
  const reducedMotion = useReducedMotion();
  useEffect(() => syncCacheWithSession(queryClient), [queryClient]);
  useEffect(() => followOtherTabs(), []);
  useEffect(() => followSessionWithShellHint(), []);
  useEffect(() => keepFocusInDialogs(), []);
  useEffect(() => keepOpeningKeyOutOfDialogs(), []);
  // The outermost component: its first effect comes after those of every part the page holds (hydrating-part.tsx).
  useEffect(() => rootHydrated(), []);
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ConfigProvider
          locale={ANTD_LOCALES[language]}
          theme={consoleTheme({ color, dark: navTheme === 'dark', reducedMotion })}
          // antd spaces out a two-character Chinese label ("登 录"); Chinese sites write it as one word (issue 9).
          button={{ autoInsertSpace: false }}
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
