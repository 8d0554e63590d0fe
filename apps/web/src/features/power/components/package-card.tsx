import { PowerPackage } from '@suanli/contract';
import { Button, Card, Flex, Segmented, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Trans } from 'react-i18next';
import { MoneyText } from '@/shared/ui/money-text';
import { useDiscountText } from '@/shared/ui/use-discount-text';
import type { PowerPackageOffer, PowerPackageTerm } from '../api/list-power-packages';
import { PointsText } from './points-text';
import { usePowerTranslation } from '../use-power-translation';

interface PackageCardProps {
  offer: PowerPackageOffer;
  busy: boolean;
  onBuy: (term: PowerPackageTerm) => void;
}

/** One package: its length chosen from 1, 3 or 12 months, the price with its discount, and the points each month. */
export function PackageCard({ offer, busy, onBuy }: PackageCardProps) {
  const { t } = usePowerTranslation();
  const discountText = useDiscountText();
  const [months, setMonths] = useState(offer.terms[0]?.months ?? 1);
  const term = offer.terms.find((candidate) => candidate.months === months) ?? offer.terms[0];
  const testId = `power-package-${offer.package}`;
  return (
    <Card
      title={t(`contract:${PowerPackage.labelKey(offer.package)}`)}
      style={{ height: '100%' }}
      data-testid={testId}
      actions={[
        <Button
          key="buy"
          type="primary"
          disabled={!term}
          loading={busy}
          onClick={() => term && onBuy(term)}
          data-testid={`${testId}-buy`}
        >
          {t('packages.buy')}
        </Button>,
      ]}
    >
      <Flex vertical gap={12}>
        <Segmented<number>
          value={months}
          onChange={setMonths}
          aria-label={t('packages.length')}
          options={offer.terms.map((candidate) => ({
            value: candidate.months,
            label: (
              <span data-testid={`${testId}-months-${candidate.months}`}>
                {t(`packages.months.${candidate.months}`)}
              </span>
            ),
          }))}
        />
        {term ? (
          <Flex align="baseline" gap={8} wrap>
            <Typography.Text strong style={{ fontSize: 24 }}>
              <MoneyText value={term.price} data-testid={`${testId}-price`} />
            </Typography.Text>
            {term.discountBasisPoints < 10_000 ? (
              <>
                <Typography.Text delete type="secondary">
                  <MoneyText value={term.originalPrice} />
                </Typography.Text>
                <Tag color="red">{discountText(term.discountBasisPoints)}</Tag>
              </>
            ) : null}
          </Flex>
        ) : null}
        <Typography.Text>
          <Trans
            t={t}
            i18nKey="packages.monthlyPoints"
            components={{ points: <PointsText value={offer.monthlyPoints} data-testid={`${testId}-points`} /> }}
          />
        </Typography.Text>
      </Flex>
    </Card>
  );
}
