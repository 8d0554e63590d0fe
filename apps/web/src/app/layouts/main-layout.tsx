import { Flex, Layout } from 'antd';
import { Suspense, useState, type ReactNode } from 'react';
import { lazyWithTimeout } from '@/shared/ui/lazy-with-timeout';
import { Logo } from '@/shared/ui/logo';
import { useWideScreen } from '@/shared/ui/use-wide-screen';
import { ContactDialog } from './contact-dialog';
import { HeaderActions } from './header-actions';
import { MainMenu, type MenuActions } from './main-menu';
import { MenuDrawer } from './menu-drawer';
import { SiteFooter } from './site-footer';
import styles from './main-layout.module.css';

// The feedback dialog, its form and its strings load when it first opens; most visits never open it.
const FeedbackModal = lazyWithTimeout(() => import('@/features/feedback/components/feedback-modal'));

/**
 * Spec §2 main layout: top menu, console button, customer-service popover, content and footer. From desktop width the
 * whole menu sits in the header; below it the header keeps the logo, language and login or avatar, and the menu opens
 * in a drawer (issue 9), so that no page is wider than a phone.
 */
export function MainLayout({ children }: { children: ReactNode }) {
  const wide = useWideScreen();
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  const [contactOpen, setContactOpen] = useState(false);
  const actions: MenuActions = { feedback: () => setFeedbackOpen(true), contactUs: () => setContactOpen(true) };
  return (
    <Layout className={styles.page}>
      <Layout.Header className={styles.header}>
        {wide ? null : <MenuDrawer actions={actions} />}
        <Logo />
        {wide ? <MainMenu mode="horizontal" actions={actions} /> : <div className={styles.spacer} />}
        <HeaderActions compact={!wide} />
      </Layout.Header>
      <Layout.Content className={styles.content}>
        <Flex vertical className={styles.main}>
          {children}
        </Flex>
      </Layout.Content>
      <SiteFooter />
      {feedbackOpen ? (
        <Suspense fallback={null}>
          <FeedbackModal open onClose={() => setFeedbackOpen(false)} />
        </Suspense>
      ) : null}
      <ContactDialog open={contactOpen} onClose={() => setContactOpen(false)} />
    </Layout>
  );
}
