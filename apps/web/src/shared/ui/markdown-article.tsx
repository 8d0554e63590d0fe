import { Typography } from 'antd';
import type { ComponentProps } from 'react';
import Markdown, { type Components } from 'react-markdown';
import { Link } from 'react-router';
import remarkGfm from 'remark-gfm';
import styles from './markdown-article.module.css';

/** A link to another console page stays in the console; anything else opens in a new tab. */
function ArticleLink({ href = '', children }: ComponentProps<'a'>) {
  if (href.startsWith('/')) {
    return <Link to={href}>{children}</Link>;
  }
  return (
    <Typography.Link href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </Typography.Link>
  );
}

/**
 * The page's own title is its <h1>, so the Markdown's headings sit one level below it (a page has one <h1>, issue 9).
 * react-markdown renders no raw HTML and drops unsafe link targets, so a text, even a community image's, carries no
 * script.
 */
const COMPONENTS: Components = {
  h1: ({ children }) => <h2>{children}</h2>,
  h2: ({ children }) => <h3>{children}</h3>,
  h3: ({ children }) => <h4>{children}</h4>,
  a: ({ href, children }) => <ArticleLink href={href}>{children}</ArticleLink>,
  table: ({ children }) => (
    <div className={styles.table} role="region" tabIndex={0}>
      <table>{children}</table>
    </div>
  ),
};

/**
 * Markdown (a help page, an image's introduction) rendered as the console's typography. Pages load it lazily, which
 * keeps the renderer out of the first load.
 */
export default function MarkdownArticle({ source }: { source: string }) {
  return (
    <Typography className={styles.article}>
      <Markdown remarkPlugins={[remarkGfm]} components={COMPONENTS}>
        {source}
      </Markdown>
    </Typography>
  );
}
