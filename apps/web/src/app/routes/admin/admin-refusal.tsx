import { Button, Flex, Result, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useAdminConsoleTranslation } from '@/features/admin-console/use-admin-console-translation';
import { useLoginDialog } from '@/shared/stores/login-dialog-store';

interface AdminRefusalProps {
  /** `signIn`: a guest; `forbidden`: a user holding no area. */
  kind: 'signIn' | 'forbidden';
}

/** What /admin says, in words, to anyone it does not open for: never a blank page. */
export function AdminRefusal({ kind }: AdminRefusalProps) {
  const { t } = useAdminConsoleTranslation();
  const navigate = useNavigate();
  const showLogin = useLoginDialog((state) => state.show);
  const signIn = kind === 'signIn';
  return (
    <Flex
      vertical
      align="center"
      justify="center"
      style={{ minHeight: '100vh', padding: 16 }}
      data-testid="admin-refusal"
    >
      <Result
        status={signIn ? 'info' : '403'}
        title={
          <Typography.Title level={1} style={{ fontSize: 24 }} data-testid="page-title">
            {t(signIn ? 'refusal.signInTitle' : 'refusal.forbiddenTitle')}
          </Typography.Title>
        }
        subTitle={<span data-testid={`admin-refusal-${kind}`}>{t(`refusal.${kind}`)}</span>}
        extra={
          <Flex gap={8} justify="center" wrap>
            {signIn ? (
              <Button type="primary" onClick={() => showLogin()} data-testid="admin-sign-in">
                {t('refusal.signInButton')}
              </Button>
            ) : null}
            <Button onClick={() => navigate('/ourConsole')}>{t('refusal.backHome')}</Button>
          </Flex>
        }
      />
    </Flex>
  );
}
