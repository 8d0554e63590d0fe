import { HeartFilled, HeartOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useLoginDialog } from '@/shared/stores/login-dialog-store';
import { useSession } from '@/shared/stores/session-store';

interface LikeToggleProps {
  /** The liked thing's id, handed to the mutation and appended to the test ids. */
  id: string;
  liked: boolean;
  count: number;
  /** What a screen reader says: the action and the count, in the feature's words. */
  label: string;
  /** `<prefix>-<id>` on the button and `<prefix>-count-<id>` on the count. */
  testIdPrefix: string;
  toggle: { mutate: (id: string) => void; isPending: boolean };
}

/** A heart toggle with its count; a guest is asked to log in first (a like is the user's). */
export function LikeToggle({ id, liked, count, label, testIdPrefix, toggle }: LikeToggleProps) {
  const signedIn = useSession((state) => state.isLogin);
  const onClick = () => {
    if (!signedIn) {
      useLoginDialog.getState().show();
      return;
    }
    toggle.mutate(id);
  };
  return (
    <Button
      type="text"
      size="small"
      icon={liked ? <HeartFilled style={{ color: '#cf1322' }} /> : <HeartOutlined />}
      aria-pressed={liked}
      aria-label={label}
      loading={toggle.isPending}
      onClick={onClick}
      data-testid={`${testIdPrefix}-${id}`}
    >
      <span data-testid={`${testIdPrefix}-count-${id}`}>{count}</span>
    </Button>
  );
}
