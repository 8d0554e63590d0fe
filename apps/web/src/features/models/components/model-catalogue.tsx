import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useModelPages, type ModelFilters as Filters } from '../api/list-models';
import { ModelCard } from './model-card';
import { ModelFilters } from './model-filters';
import styles from './models.module.css';

const SKELETON_CARDS = 6;
const NO_FILTERS: Filters = { typeId: undefined, keyword: undefined, liked: undefined };

function Pager({ pageNum, pages, onPage }: { pageNum: number; pages: number; onPage: (page: number) => void }) {
  const { t } = useTranslation('models');
  if (pages <= 1) {
    return null;
  }
  return (
    <nav className={styles.pager} aria-label={t('pager.label')} data-testid="model-pager">
      <Button
        icon={<LeftOutlined aria-hidden />}
        disabled={pageNum <= 1}
        onClick={() => onPage(pageNum - 1)}
        aria-label={t('pager.previous')}
        data-testid="model-pager-previous"
      />
      <span aria-live="polite">{t('pager.position', { page: pageNum, pages })}</span>
      <Button
        icon={<RightOutlined aria-hidden />}
        disabled={pageNum >= pages}
        onClick={() => onPage(pageNum + 1)}
        aria-label={t('pager.next')}
        data-testid="model-pager-next"
      />
    </nav>
  );
}

/**
 * The model center's models: filters, then a page of cards, or skeletons while the first page loads, "no model
 * matches" with a way out, or the failure with a retry.
 */
export function ModelCatalogue() {
  const { t } = useTranslation('models');
  const { query, params, rows, total, change } = useModelPages();
  const [filtersVersion, setFiltersVersion] = useState(0);
  const filters: Filters = { typeId: params.typeId, keyword: params.keyword, liked: params.liked };
  const clear = () => {
    change({ filters: NO_FILTERS });
    setFiltersVersion((version) => version + 1);
  };

  const body = () => {
    if (query.isPending) {
      return (
        <ul className={styles.grid} aria-hidden>
          {Array.from({ length: SKELETON_CARDS }, (_, index) => (
            <li key={index} className={styles.card}>
              <Skeleton active paragraph={{ rows: 3 }} />
            </li>
          ))}
        </ul>
      );
    }
    if (query.isError && !query.data) {
      return (
        <div className={styles.state} role="alert" data-testid="model-list-error">
          <span>{t('center.error')}</span>
          <Button onClick={() => void query.refetch()}>{t('center.retry')}</Button>
        </div>
      );
    }
    if (rows.length === 0) {
      return (
        <div className={styles.state} data-testid="model-list-empty">
          <span>{t('center.empty')}</span>
          <Button onClick={clear} data-testid="model-list-clear">
            {t('center.clearFilters')}
          </Button>
        </div>
      );
    }
    return (
      <>
        <ul
          className={styles.grid}
          aria-label={t('center.listLabel')}
          aria-busy={query.isFetching}
          data-testid="model-list"
        >
          {rows.map((model) => (
            <li key={model.id}>
              <ModelCard model={model} />
            </li>
          ))}
        </ul>
        <Pager
          pageNum={params.pageNum}
          pages={Math.max(1, Math.ceil(total / params.pageSize))}
          onPage={(pageNum) => change({ pageNum })}
        />
      </>
    );
  };

  return (
    <>
      <ModelFilters key={filtersVersion} filters={filters} onChange={(next) => change({ filters: next })} />
      {body()}
    </>
  );
}
