import { Flex } from 'antd';
import { useSearchParams } from 'react-router';
import { RechargeOutcome } from './payment-views';
import { RechargeForm } from './recharge-form';
import { RechargeReturnNotice } from './recharge-return-notice';

/**
 * The recharge tab: the form, with the recharge-return promotion in force beside it. A payer back from Alipay's
 * mobile-website page arrives with `?orderNo=`, and sees that order's outcome above the form.
 */
export function RechargePanel() {
  const [search, setSearch] = useSearchParams();
  const returned = search.get('orderNo');
  return (
    <Flex vertical gap={16}>
      {returned ? (
        <RechargeOutcome orderNo={returned} onDone={() => setSearch({ tab: 'recharge' }, { replace: true })} />
      ) : null}
      <Flex gap={24} wrap align="flex-start">
        <div style={{ flex: '1 1 360px', maxWidth: 560 }}>
          <RechargeForm />
        </div>
        <RechargeReturnNotice />
      </Flex>
    </Flex>
  );
}
