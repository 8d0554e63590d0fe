import { Flex, Layout } from 'antd';
import { Outlet } from 'react-router';
import { LanguageSwitch } from '@/shared/ui/language-switch';
import { Logo } from '@/shared/ui/logo';

/** Spec §2 public login layout: a logo back home and the language switch around a standalone page. */
export function PublicLayout() {
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ background: '#fff', borderBottom: '1px solid #f0f0f0', paddingInline: 24 }}>
        <Flex align="center" justify="space-between" style={{ height: '100%' }}>
          <Logo />
          <LanguageSwitch />
        </Flex>
      </Layout.Header>
      <Layout.Content style={{ padding: 24 }}>
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
