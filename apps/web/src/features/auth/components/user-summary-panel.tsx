import { UserOutlined } from '@ant-design/icons';
import { VipGrade } from '@suanli/contract';
import { Avatar, Card, Flex, Progress, Statistic, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MoneyText } from '@/shared/ui/money-text';
import { useApplicationSummary } from '../api/get-application-summary';
import { useBalanceSummary } from '../api/get-balance-summary';
import { useCurrentUser } from '../api/get-user-info';
import { useVipInfo } from '../api/get-vip-info';

function gradeLabelKey(grade: number) {
  const value = String(grade) as (typeof VipGrade.values)[number];
  return `contract:${VipGrade.labelKey(VipGrade.values.includes(value) ? value : '0')}`;
}

/**
 * The avatar dropdown's content (spec §2): avatar, nickname, VIP grade with its growth progress, then balance,
 * vouchers (the wallet's) and total applications (the compute area's), above the menu.
 */
export default function UserSummaryPanel({ menu }: { menu: ReactNode }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const user = useCurrentUser().data;
  const vip = useVipInfo().data ?? user?.vip ?? null;
  const balance = useBalanceSummary();
  const applications = useApplicationSummary().data?.total ?? 0;
  const grade = vip?.vipGrade ?? 0;
  const growth = vip?.growthValue ?? 0;
  // The next grade's threshold, as the server configures it; nothing to measure against until it has answered.
  const target = vip?.growthTarget ?? 0;

  return (
    <Card size="small" styles={{ body: { padding: 0 } }}>
      <Flex vertical gap={12} style={{ width: 280, padding: 16 }} data-testid="user-summary">
        <Flex gap={12} align="center">
          <Avatar
            size={48}
            src={user?.avatarUrl || undefined}
            icon={<UserOutlined />}
            style={{ cursor: 'pointer', flex: 'none' }}
            onClick={() => navigate('/basicSet')}
            data-testid="user-summary-avatar"
          />
          <Flex vertical style={{ minWidth: 0 }}>
            <Typography.Text strong ellipsis data-testid="user-nickname">
              {user?.nickName ?? ''}
            </Typography.Text>
            <Tag color={grade > 0 ? 'gold' : 'default'} style={{ width: 'fit-content' }} data-testid="user-vip-grade">
              {t(gradeLabelKey(grade))}
            </Tag>
          </Flex>
        </Flex>
        <div>
          <Flex justify="space-between">
            <Typography.Text type="secondary">{t('user.growth')}</Typography.Text>
            <Typography.Text type="secondary" data-testid="user-growth">
              {growth} / {target}
            </Typography.Text>
          </Flex>
          <Progress
            percent={target > 0 ? Math.min(100, Math.floor((growth / target) * 100)) : 0}
            showInfo={false}
            size="small"
          />
        </div>
        <Flex justify="space-between" gap={8}>
          <Statistic
            title={t('user.balance')}
            loading={balance.isPending}
            value={balance.data?.balance ?? ''}
            formatter={(value) => <MoneyText value={String(value)} />}
            data-testid="user-balance"
          />
          <Statistic
            title={t('user.vouchers')}
            loading={balance.isPending}
            value={balance.data?.voucher ?? ''}
            formatter={(value) => <MoneyText value={String(value)} />}
            data-testid="user-vouchers"
          />
          <Statistic title={t('user.applications')} value={applications} data-testid="user-applications" />
        </Flex>
      </Flex>
      {menu}
    </Card>
  );
}
