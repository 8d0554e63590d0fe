import { Flex, Layout } from 'antd';
import { useState, type ReactNode } from 'react';
import { HydratingPart } from '@/shared/ui/hydrating-part';
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
  // The same object on every render: a part of the layout still waiting to hydrate that is handed new props is hydrated
  // at once or rendered again from scratch.
  const [actions] = useState<MenuActions>(() => ({
    feedback: () => setFeedbackOpen(true),
    contactUs: () => setContactOpen(true),
  }));
  // On a page drawn ahead, the menu, the header's actions, the page and the footer hydrate in tasks of their own rather
  // than in one that holds a phone's first taps for a third of a second (issue 25).
  return (
    <Layout className={styles.page}>
      <Layout.Header className={styles.header}>
        <div className={responsive.narrowOnly}>
          <MenuDrawer actions={actions} />
        </div>
        <Logo />
        <HydratingPart>
          <MainMenu mode="horizontal" actions={actions} className={responsive.wideOnly} />
        </HydratingPart>
        <div className={`${styles.spacer} ${responsive.narrowOnly}`} />
        <HydratingPart>
          <HeaderActions />
        </HydratingPart>
      </Layout.Header>
      <Layout.Content className={styles.content}>
        <Flex vertical className={styles.main}>
          <HydratingPart>{children}</HydratingPart>
        </Flex>
      </Layout.Content>
      <HydratingPart>
        <SiteFooter />
      </HydratingPart>
      {feedbackOpen ? <FeedbackModal open onClose={() => setFeedbackOpen(false)} /> : null}
      <ContactDialog open={contactOpen} onClose={() => setContactOpen(false)} />
    </Layout>
  );
}
