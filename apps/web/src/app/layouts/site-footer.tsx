import { Flex, Layout, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSiteInfo } from '@/shared/config/site-info';

/** The ministry's filing lookup, where an ICP number on a Chinese site is expected to lead. */
const ICP_LOOKUP = 'https://beian.miit.gov.cn/';
/** The public-security filing lookup, by the number's digits. */
const PUBLIC_SECURITY_LOOKUP = 'https://beian.mps.gov.cn/#/query/webSearch?code=';

/** An address inside the console opens as a page of it; any other in a new tab. */
function FooterLink({ href, testId, children }: { href: string; testId: string; children: string }) {
  return href.startsWith('/') ? (
    <Link to={href} data-testid={testId}>
      {children}
    </Link>
  ) : (
    <Typography.Link href={href} target="_blank" rel="noopener noreferrer" data-testid={testId}>
      {children}
    </Typography.Link>
  );
}

/**
 * The operator's company name, ICP and public-security filing numbers and the agreement and privacy links, all from
 * the server's configuration (spec §1, issue 9).
 */
export function SiteFooter() {
  const { t } = useTranslation('layout');
  const info = useSiteInfo().data;
  return (
    <Layout.Footer style={{ textAlign: 'center', paddingInline: 16 }} data-testid="site-footer">
      <Flex vertical gap={4} align="center">
        <Typography.Text type="secondary">{t('footer.slogan')}</Typography.Text>
        {info ? (
          <>
            <Flex gap={16} wrap justify="center">
              <FooterLink href={info.agreementUrl} testId="footer-agreement">
                {t('footer.agreement')}
              </FooterLink>
              <FooterLink href={info.privacyUrl} testId="footer-privacy">
                {t('footer.privacy')}
              </FooterLink>
            </Flex>
            <Typography.Text type="secondary" data-testid="footer-company">
              © {new Date().getFullYear()} {info.companyName}
            </Typography.Text>
            <Flex gap={16} wrap justify="center">
              <Typography.Link
                href={ICP_LOOKUP}
                target="_blank"
                rel="noopener noreferrer"
                type="secondary"
                data-testid="footer-icp"
              >
                {info.icpNumber}
              </Typography.Link>
              <Typography.Link
                href={`${PUBLIC_SECURITY_LOOKUP}${info.publicSecurityNumber.replace(/\D/g, '')}`}
                target="_blank"
                rel="noopener noreferrer"
                type="secondary"
                data-testid="footer-public-security"
              >
                {info.publicSecurityNumber}
              </Typography.Link>
            </Flex>
          </>
        ) : null}
      </Flex>
    </Layout.Footer>
  );
}
