import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import styles from './card-catalogue.module.css';

interface PagerProps {
  pageNum: number;
  pageSize: number;
  total: number;
  onPage: (pageNum: number) => void;
  /** `<prefix>` on the nav, `<prefix>-previous`, `-position` and `-next` on its parts. */
  testIdPrefix: string;
}

/**
 * Previous and next with the position between them, under a grid of cards. antd's Pagination would bring its
 * page-size Select into the application center's first load, and a dozen cards a page leaves few pages to jump between.
 */
export function Pager({ pageNum, pageSize, total, onPage, testIdPrefix }: PagerProps) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages === 1) {
    return null;
  }
  return (
    <nav className={styles.pager} aria-label={t('pager.label')} data-testid={testIdPrefix}>
      <Button
        icon={<LeftOutlined aria-hidden />}
        disabled={pageNum <= 1}
        onClick={() => onPage(pageNum - 1)}
        aria-label={t('pager.previous')}
        data-testid={`${testIdPrefix}-previous`}
      />
      <span aria-live="polite" data-testid={`${testIdPrefix}-position`}>
        {t('pager.position', { page: pageNum, pages })}
      </span>
      <Button
        icon={<RightOutlined aria-hidden />}
        disabled={pageNum >= pages}
        onClick={() => onPage(pageNum + 1)}
        aria-label={t('pager.next')}
        data-testid={`${testIdPrefix}-next`}
      />
    </nav>
  );
}
