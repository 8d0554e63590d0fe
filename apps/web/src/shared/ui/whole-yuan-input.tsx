import { InputNumber, type InputNumberProps } from 'antd';

/**
 * An amount in whole yuan (a recharge, a points purchase), the yuan sign before it. It keeps what was typed: with a
 * min, a max or a precision antd would rewrite -5 to 1, 2.5 to 3 or 6000 to the maximum on blur, and a payment would
 * charge an amount nobody typed. The form's rule says what is wrong instead. A Form.Item child, so that the form
 * passes value and onChange through.
 */
export function WholeYuanInput(props: Omit<InputNumberProps<number>, 'min' | 'max' | 'precision'>) {
  return <InputNumber<number> prefix="¥" step={1} {...props} />;
}
