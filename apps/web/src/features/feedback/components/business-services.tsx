import { ApiOutlined, AppstoreOutlined, CloudServerOutlined, ReadOutlined, RocketOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import styles from './business-services.module.css';
import { useFeedbackTranslation } from '../use-feedback-translation';

const SERVICES: readonly { key: string; icon: ReactNode }[] = [
  { key: 'cloud', icon: <CloudServerOutlined /> },
  { key: 'api', icon: <ApiOutlined /> },
  { key: 'commercialization', icon: <RocketOutlined /> },
  { key: 'education', icon: <ReadOutlined /> },
  { key: 'scenarios', icon: <AppstoreOutlined /> },
];

/** The services of spec §1's landing side, in plain markup: the page is a guest's and light on first load. */
export function BusinessServices() {
  const { t } = useFeedbackTranslation();
  return (
    <section aria-labelledby="business-services-title">
      <h2 id="business-services-title" className={styles.title} style={{ fontSize: 18, marginTop: 0 }}>
        {t('landing.servicesTitle')}
      </h2>
      <ul className={styles.grid} data-testid="business-services">
        {SERVICES.map(({ key, icon }) => (
          <li key={key} className={styles.service} data-testid={`business-service-${key}`}>
            <span className={styles.icon} aria-hidden>
              {icon}
            </span>
            <h3 className={styles.title}>{t(`landing.services.${key}.title`)}</h3>
            <p className={styles.description}>{t(`landing.services.${key}.description`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
