import { Flex, Layout } from 'antd';
import { useState, type ReactNode } from 'react';
import { FeedbackModal } from '@/features/feedback/components/feedback-modal';
import { Logo } from '@/shared/ui/logo';
import { HeaderActions } from './header-actions';
import { MainMenu } from './main-menu';
import { SiteFooter } from './site-footer';

const headerStyle = {
  position: 'sticky',
  top: 0,
  zIndex: 10,
  display: 'flex',
  alignItems: 'center',
  gap: 24,
  background: '#fff',
  borderBottom: '1px solid #f0f0f0',
  paddingInline: 24,
} as const;

/** Spec §2 main layout: top menu, console button, customer-service popover, content and footer. */
export function MainLayout({ children }: { children: ReactNode }) {
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={headerStyle}>
        <Logo />
        <MainMenu onFeedback={() => setFeedbackOpen(true)} />
        <HeaderActions />
      </Layout.Header>
      <Layout.Content style={{ padding: 24 }}>
        <Flex vertical style={{ maxWidth: 1400, margin: '0 auto', width: '100%' }}>
          {children}
        </Flex>
      </Layout.Content>
      <SiteFooter />
      <FeedbackModal open={feedbackOpen} onClose={() => setFeedbackOpen(false)} />
    </Layout>
  );
}
