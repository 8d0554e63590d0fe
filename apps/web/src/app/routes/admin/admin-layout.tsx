import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Flex, Layout, Menu, Typography } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { AdminPage } from '@/features/admin-console/admin-pages';
import { useAdminConsoleTranslation } from '@/features/admin-console/use-admin-console-translation';
import { LanguageSwitch } from '@/shared/ui/language-switch';
import { useWideScreen } from '@/shared/ui/use-wide-screen';

/**
 * The operations console's own frame: its name, the way back to the user's console and the language in the header;
 * its menu beside the page from desktop width, above it on a phone. The menu holds the operator's pages only.
 */
export function AdminLayout({ pages, children }: { pages: readonly AdminPage[]; children: ReactNode }) {
  const { t } = useAdminConsoleTranslation();
  const wide = useWideScreen();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const current = pages.find((page) => pathname.startsWith(`/admin/${page.path}`));
  const title = current ? `${t(`pages.${current.key}`)} - ${t('title')}` : t('title');
  useEffect(() => {
    document.title = title;
  }, [title]);

  const menu = (
    <Menu
      mode={wide ? 'inline' : 'horizontal'}
      selectedKeys={current ? [current.key] : []}
      aria-label={t('menuLabel')}
      items={pages.map((page) => ({
        key: page.key,
        label: (
          <Link to={`/admin/${page.path}`} data-testid={`admin-menu-${page.key}`}>
            {t(`pages.${page.key}`)}
          </Link>
        ),
      }))}
      style={{ borderInlineEnd: 'none' }}
    />
  );

  return (
    <Layout style={{ minHeight: '100vh' }} data-testid="admin-console">
      <Layout.Header style={{ display: 'flex', alignItems: 'center', gap: 12, background: '#fff', paddingInline: 16 }}>
        <Typography.Text strong style={{ fontSize: 18, whiteSpace: 'nowrap', flex: 1 }}>
          {t('title')}
        </Typography.Text>
        <Flex align="center" gap={8}>
          <Button
            icon={<ArrowLeftOutlined />}
            aria-label={wide ? undefined : t('backToConsole')}
            onClick={() => navigate('/ourConsole')}
            data-testid="admin-back"
          >
            {wide ? t('backToConsole') : null}
          </Button>
          <LanguageSwitch />
        </Flex>
      </Layout.Header>
      <Layout>
        {wide ? (
          <Layout.Sider width={200} theme="light">
            <nav>{menu}</nav>
          </Layout.Sider>
        ) : null}
        <Layout.Content style={{ padding: wide ? 24 : 12, minWidth: 0 }}>
          {wide ? null : <nav style={{ marginBottom: 12 }}>{menu}</nav>}
          {children}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
