import { InputNumber, type InputNumberProps } from 'antd';

/**
 * An amount in whole yuan from 1 to `max` (a recharge, a points purchase): the yuan sign before it, no decimals. A
 * Form.Item child, so that the form passes value and onChange through.
 */
export function WholeYuanInput({
  max,
  ...props
}: Omit<InputNumberProps<number>, 'min' | 'precision' | 'step'> & { max: number }) {
  return <InputNumber<number> prefix="¥" min={1} max={max} precision={0} step={1} {...props} />;
}
