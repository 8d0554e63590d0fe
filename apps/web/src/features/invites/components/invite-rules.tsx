import { INVITE_REWARDS } from '@suanli/contract';
import { Card, Typography } from 'antd';
import { useInvitesTranslation } from '../use-invites-translation';

const UNITS_PER_YUAN = 10_000n;
const yuan = (units: bigint) => String(units / UNITS_PER_YUAN);

// Spec §9 "Invite rewards", from the contract's constants, so the page says what the server grants.
const PARAMS = {
  firstApplication: { amount: yuan(INVITE_REWARDS.firstApplicationUnits) },
  recharge: {
    threshold: yuan(INVITE_REWARDS.rechargeThresholdUnits),
    amount: yuan(INVITE_REWARDS.rechargeRewardUnits),
  },
  consumption: {
    threshold: yuan(INVITE_REWARDS.consumptionThresholdUnits),
    amount: yuan(INVITE_REWARDS.consumptionRewardUnits),
  },
  limits: {
    total: yuan(INVITE_REWARDS.totalPerInviteUnits),
    days: INVITE_REWARDS.voucherValidDays,
    minutes: INVITE_REWARDS.delayMinutes,
  },
  samePerson: {},
} as const;

/** What an invitation earns and when, and the rule that keeps one person from inviting themselves (decision 0030). */
export function InviteRules() {
  const { t } = useInvitesTranslation();
  return (
    <Card title={t('rules.title')}>
      <Typography component="div">
        <ol style={{ margin: 0, paddingInlineStart: 20 }} data-testid="invite-rules">
          {Object.entries(PARAMS).map(([rule, params]) => (
            <li key={rule}>
              <Typography.Text>{t(`rules.${rule}`, params)}</Typography.Text>
            </li>
          ))}
        </ol>
      </Typography>
    </Card>
  );
}
