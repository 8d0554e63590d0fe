import { useTranslation } from 'react-i18next';
import { discountParams } from '../format/discount';

/** The one way the console writes a discount: `discountText(8500)` is "8.5 折" in zh-CN and "15 % off" in en-US. */
export function useDiscountText(): (basisPoints: number) => string {
  const { t } = useTranslation('common');
  return (basisPoints) => t('discount', discountParams(basisPoints));
}
