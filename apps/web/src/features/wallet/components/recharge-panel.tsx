import { Flex } from 'antd';
import { RechargeForm } from './recharge-form';
import { RechargeReturnNotice } from './recharge-return-notice';

/** The recharge tab: the form, with the recharge-return promotion in force beside it. */
export function RechargePanel() {
  return (
    <Flex gap={24} wrap align="flex-start">
      <div style={{ flex: '1 1 360px', maxWidth: 560 }}>
        <RechargeForm />
      </div>
      <RechargeReturnNotice />
    </Flex>
  );
}
