import { Flex, Layout } from 'antd';
import { useState, type ReactNode } from 'react';
import { lazyWithTimeout } from '@/shared/ui/lazy-with-timeout';
import { loadedWhenShown } from '@/shared/ui/loaded-when-shown';
import { Logo } from '@/shared/ui/logo';
import responsive from '@/shared/ui/responsive.module.css';
import { ContactDialog } from './contact-dialog';
import { HeaderActions } from './header-actions';
import { MainMenu, type MenuActions } from './main-menu';
import { MenuDrawer } from './menu-drawer';
import { SiteFooter } from './site-footer';
import styles from './main-layout.module.css';

// The feedback dialog, its form and its strings load when it first opens; most visits never open it.
const FeedbackModal = loadedWhenShown(lazyWithTimeout(() => import('@/features/feedback/components/feedback-modal')));

/**
 * Spec §2 main layout: top menu, console button, customer-service popover, content and footer. From desktop width the
 * whole menu sits in the header; below it the header keeps the logo, language and login or avatar, and the menu opens
 * in a drawer (issue 9), so that no page is wider than a phone. Both are drawn and the stylesheet shows one
 * (responsive.module.css).
 */
export function MainLayout({ children }: { children: ReactNode }) {
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  const [contactOpen, setContactOpen] = useState(false);
  const actions: MenuActions = { feedback: () => setFeedbackOpen(true), contactUs: () => setContactOpen(true) };
  return (
    <Layout className={styles.page}>
      <Layout.Header className={styles.header}>
        <div className={responsive.narrowOnly}>
          <MenuDrawer actions={actions} />
        </div>
        <Logo />
        <MainMenu mode="horizontal" actions={actions} className={responsive.wideOnly} />
        <div className={`${styles.spacer} ${responsive.narrowOnly}`} />
        <HeaderActions />
      </Layout.Header>
      <Layout.Content className={styles.content}>
        <Flex vertical className={styles.main}>
          {children}
        </Flex>
      </Layout.Content>
      <SiteFooter />
      {feedbackOpen ? <FeedbackModal open onClose={() => setFeedbackOpen(false)} /> : null}
      <ContactDialog open={contactOpen} onClose={() => setContactOpen(false)} />
    </Layout>
  );
}
