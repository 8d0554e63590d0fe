import { Checkbox, Form, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSiteInfo } from '@/shared/config/site-info';

/** A link inside running text is underlined, not told apart by its colour alone (WCAG 1.4.1). */
const UNDERLINED = { textDecoration: 'underline' } as const;

/** A configured address inside the console opens as a page of it; any other in a new tab. */
function DocumentLink({ href, children }: { href: string | undefined; children?: ReactNode }) {
  if (!href || href.startsWith('/')) {
    return (
      <Link to={href ?? '/'} target="_blank" style={UNDERLINED}>
        {children}
      </Link>
    );
  }
  return (
    <Typography.Link href={href} target="_blank" rel="noopener noreferrer" style={UNDERLINED}>
      {children}
    </Typography.Link>
  );
}

/**
 * Consent to the user agreement and the privacy policy, which registration asks for (issue 9; China's Personal
 * Information Protection Law wants it given, not presumed, so the box starts unticked).
 */
export function ConsentField({ testId }: { testId: string }) {
  const { t } = useTranslation('auth');
  const info = useSiteInfo().data;
  return (
    <Form.Item
      name="consent"
      valuePropName="checked"
      rules={[
        {
          validator: (_, checked: boolean | undefined) =>
            checked ? Promise.resolve() : Promise.reject(new Error(t('consent.required'))),
        },
      ]}
    >
      <Checkbox data-testid={testId}>
        <Trans
          t={t}
          i18nKey="consent.label"
          components={{
            agreement: <DocumentLink href={info?.agreementUrl} />,
            privacy: <DocumentLink href={info?.privacyUrl} />,
          }}
        />
      </Checkbox>
    </Form.Item>
  );
}
