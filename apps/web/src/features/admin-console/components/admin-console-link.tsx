import { ControlOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import responsive from '@/shared/ui/responsive.module.css';
import { pagesFor } from '../admin-pages';
import { useMyOperatorAreas } from '../api/get-my-operator-areas';

/**
 * The way into the operations console, shown only to an operator whose areas open at least one of its pages; a user
 * never sees it, and the console's own code stays unloaded until it is followed. Below desktop width it keeps the icon
 * alone, named for screen readers by its label.
 */
export function AdminConsoleLink() {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const areas = useMyOperatorAreas().data ?? [];
  if (pagesFor(areas).length === 0) {
    return null;
  }
  return (
    <Button
      icon={<ControlOutlined />}
      aria-label={t('admin.link')}
      onClick={() => navigate('/admin')}
      data-testid="admin-console-link"
    >
      <span className={responsive.wideOnly}>{t('admin.link')}</span>
    </Button>
  );
}
