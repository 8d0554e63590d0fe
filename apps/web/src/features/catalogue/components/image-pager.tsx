import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import styles from './catalogue.module.css';

interface ImagePagerProps {
  pageNum: number;
  pageSize: number;
  total: number;
  onPage: (pageNum: number) => void;
}

/**
 * Previous and next with the position between them. antd's Pagination would bring its page-size Select into the
 * application center's first load, and a dozen cards a page leaves few pages to jump between.
 */
export function ImagePager({ pageNum, pageSize, total, onPage }: ImagePagerProps) {
  const { t } = useTranslation('catalogue');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages === 1) {
    return null;
  }
  return (
    <nav className={styles.pager} aria-label={t('pager.label')} data-testid="image-pager">
      <Button
        icon={<LeftOutlined aria-hidden />}
        disabled={pageNum <= 1}
        onClick={() => onPage(pageNum - 1)}
        aria-label={t('pager.previous')}
        data-testid="image-pager-previous"
      />
      <span aria-live="polite" data-testid="image-pager-position">
        {t('pager.position', { page: pageNum, pages })}
      </span>
      <Button
        icon={<RightOutlined aria-hidden />}
        disabled={pageNum >= pages}
        onClick={() => onPage(pageNum + 1)}
        aria-label={t('pager.next')}
        data-testid="image-pager-next"
      />
    </nav>
  );
}
