import { useQuery } from '@tanstack/react-query';
import { Card, Flex, Menu, Skeleton } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { currentLanguage } from '@/shared/i18n';
import { lazyWithTimeout } from '@/shared/ui/lazy-with-timeout';
import { HELP_DOCS, loadDoc, type HelpDoc } from '../docs';
import styles from './help-center.module.css';

// The Markdown renderer comes with the first page opened, keeping it out of the console's first load.
const MarkdownArticle = lazyWithTimeout(() => import('@/shared/ui/markdown-article'));

/**
 * The users' help center (issue 9): getting started, billing rules, images and data, invoices, FAQ and the agreement
 * and privacy policy, written as Markdown in both languages and rendered here. The developers' API reference lives on
 * the API open platform instead.
 */
export function HelpCenter({ doc }: { doc: HelpDoc }) {
  const { t } = useTranslation('help');
  const navigate = useNavigate();
  const language = currentLanguage();
  const source = useQuery({
    queryKey: ['help', language, doc],
    queryFn: () => loadDoc(language, doc),
    staleTime: Infinity,
  });
  return (
    <Flex gap={16} className={styles.layout}>
      <Card size="small" className={styles.nav} styles={{ body: { padding: 4 } }}>
        <nav aria-label={t('navLabel')} data-testid="help-nav">
          <Menu
            mode="inline"
            selectedKeys={[doc]}
            style={{ borderInlineEnd: 'none' }}
            items={HELP_DOCS.map((key) => ({
              key,
              label: <span data-testid={`help-link-${key}`}>{t(`docs.${key}`)}</span>,
            }))}
            onClick={({ key }) => void navigate(`/help/${key}`)}
          />
        </nav>
      </Card>
      <Card className={styles.article}>
        <article data-testid="help-article" aria-busy={source.isPending}>
          {source.data ? (
            <Suspense fallback={<Skeleton active />}>
              <MarkdownArticle source={source.data} />
            </Suspense>
          ) : (
            <Skeleton active />
          )}
        </article>
      </Card>
    </Flex>
  );
}
