import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';

/** The feedback form; it arrives with the feedback change. */
export default function FeedbackForm() {
  const { t } = useTranslation('feedback');
  return <Empty description={t('modal.empty')} />;
}
