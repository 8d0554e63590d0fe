import type { ReactNode } from 'react';
import styles from './catalogue.module.css';

interface PanelProps {
  /** A heading, one level below the page's. */
  title?: string;
  extra?: ReactNode;
  children: ReactNode;
  'data-testid'?: string;
}

/** A framed section of a catalogue page, in light markup (see `.panel`). */
export function Panel({ title, extra, children, 'data-testid': testId }: PanelProps) {
  return (
    <section className={styles.panel} data-testid={testId}>
      {title ? (
        <div className={styles.panelHeader}>
          <h2>{title}</h2>
          {extra}
        </div>
      ) : null}
      {children}
    </section>
  );
}
