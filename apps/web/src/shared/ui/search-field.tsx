import { useEffect, useEffectEvent, useState } from 'react';
import styles from './card-catalogue.module.css';

/** The search asks once typing pauses this long, not on every key. */
const SEARCH_DELAY_MS = 300;

interface SearchFieldProps {
  /** The keyword the list is filtered by now; remount the field (a new key) to forget what was typed. */
  keyword: string | undefined;
  onSearch: (keyword: string | undefined) => void;
  placeholder: string;
  testId: string;
}

/**
 * A search box that asks once typing pauses, with the trimmed text (undefined when empty). A plain field: antd's Input
 * would add its own chunk to the application center's first load.
 */
export function SearchField({ keyword, onSearch, placeholder, testId }: SearchFieldProps) {
  const [text, setText] = useState(keyword ?? '');
  const search = useEffectEvent((trimmed: string) => onSearch(trimmed || undefined));

  useEffect(() => {
    const trimmed = text.trim();
    if (trimmed === (keyword ?? '')) {
      return;
    }
    const timer = setTimeout(() => search(trimmed), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, keyword]);

  return (
    <input
      className={styles.search}
      type="search"
      value={text}
      onChange={(event) => setText(event.target.value)}
      placeholder={placeholder}
      aria-label={placeholder}
      data-testid={testId}
    />
  );
}
