import { PowerPackage } from '@suanli/contract';
import { App, Col, Row, Skeleton, type ButtonProps } from 'antd';
import { useState } from 'react';
import { Trans } from 'react-i18next';
import { errorText, isHttpError, newIdempotencyKey } from '@/shared/http';
import { MoneyText } from '@/shared/ui/money-text';
import { useBuyPowerPackage, type BuyPackageInput } from '../api/buy-power-package';
import { usePowerPackages, type PowerPackageOffer, type PowerPackageTerm } from '../api/list-power-packages';
import { BalanceShortage, isBalanceShort } from './balance-shortage';
import { PackageCard } from './package-card';
import { PointsText } from './points-text';
import { PurchaseSummary } from './purchase-summary';
import { usePowerTranslation } from '../use-power-translation';

/**
 * Gold, platinum and diamond (spec §2, §9), each for 1, 3 or 12 months: bought with balance after a confirmation that
 * states the price, paid up front; the points come month by month.
 */
export function PackageCards() {
  const { t } = usePowerTranslation();
  const { message, modal } = App.useApp();
  const catalogue = usePowerPackages();
  const buy = useBuyPowerPackage();
  const [shortage, setShortage] = useState<string | null>(null);

  const send = async (input: BuyPackageInput) => {
    const result = await buy.mutateAsync(input).catch((error: unknown) => {
      if (isBalanceShort(error)) {
        setShortage(error.serverMessage);
        return;
      }
      if (!isHttpError(error)) {
        throw error;
      }
      // The server's words, or the client's for a failure it did not explain (spec §8); nothing for a 401.
      const text = errorText(error, (key) => t(key));
      if (text) {
        void message.error(text);
      }
    });
    if (!result) {
      return;
    }
    void message.success(
      <span data-testid="power-package-done">
        <Trans
          t={t}
          i18nKey="packages.done"
          values={{ name: t(`contract:${PowerPackage.labelKey(result.package)}`) }}
          components={{ points: <PointsText value={result.monthlyPoints} /> }}
        />
      </span>,
    );
  };

  const confirm = (offer: PowerPackageOffer, term: PowerPackageTerm) => {
    setShortage(null);
    const input = { plan: offer.package, months: term.months, idempotencyKey: newIdempotencyKey() };
    modal.confirm({
      title: t('packages.confirm.title'),
      content: (
        <PurchaseSummary
          items={[
            {
              key: 'package',
              label: t('packages.confirm.package'),
              children: t(`contract:${PowerPackage.labelKey(offer.package)}`),
            },
            { key: 'length', label: t('packages.confirm.length'), children: t(`packages.months.${term.months}`) },
            {
              key: 'points',
              label: t('packages.confirm.points'),
              children: <PointsText value={offer.monthlyPoints} />,
            },
            {
              key: 'price',
              label: t('packages.confirm.price'),
              children: <MoneyText value={term.price} data-testid="power-package-cost" />,
            },
          ]}
          note={t('packages.confirm.note')}
          data-testid="power-package-summary"
        />
      ),
      okText: t('packages.confirm.ok'),
      cancelText: t('packages.confirm.cancel'),
      okButtonProps: { 'data-testid': 'power-package-confirm-ok' } as ButtonProps,
      onOk: () => send(input),
    });
  };

  if (catalogue.isPending) {
    return <Skeleton active />;
  }
  return (
    <>
      {shortage ? <BalanceShortage message={shortage} onClose={() => setShortage(null)} /> : null}
      <Row gutter={[16, 16]}>
        {(catalogue.data?.packages ?? []).map((offer) => (
          <Col key={offer.package} xs={24} lg={8}>
            <PackageCard
              offer={offer}
              busy={buy.isPending && buy.variables?.plan === offer.package}
              onBuy={(term) => confirm(offer, term)}
            />
          </Col>
        ))}
      </Row>
    </>
  );
}
