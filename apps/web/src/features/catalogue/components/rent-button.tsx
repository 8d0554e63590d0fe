import { Button, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLoginDialog } from '@/shared/stores/login-dialog-store';
import { useSession } from '@/shared/stores/session-store';

interface RentButtonProps {
  imageId: string;
  size?: ButtonProps['size'];
}

/** Where renting an image begins: the create flow of /myApp with the image chosen. */
export function rentTarget(imageId: string): string {
  return `/myApp?create=${encodeURIComponent(imageId)}`;
}

/**
 * "Rent now" (立即租用): a signed-in user goes to the create flow; a guest logs in first and then goes on there
 * (issue 11: a guest is asked to log in and continues where they left off).
 */
export function RentButton({ imageId, size }: RentButtonProps) {
  const { t } = useTranslation('catalogue');
  const navigate = useNavigate();
  const signedIn = useSession((state) => state.isLogin);
  const onClick = () => {
    if (signedIn) {
      void navigate(rentTarget(imageId));
    } else {
      useLoginDialog.getState().showThenContinue(rentTarget(imageId));
    }
  };
  return (
    <Button type="primary" size={size} onClick={onClick} data-testid={`image-rent-${imageId}`}>
      {t('card.rent')}
    </Button>
  );
}
