import { LikeToggle } from '@/shared/ui/like-toggle';
import { useToggleModelLike } from '../api/toggle-model-like';
import { useModelsTranslation } from '../use-models-translation';

interface ModelLikeButtonProps {
  modelId: string;
  name: string;
  liked: boolean;
  likeCount: number;
}

export function ModelLikeButton({ modelId, name, liked, likeCount }: ModelLikeButtonProps) {
  const { t } = useModelsTranslation();
  const toggle = useToggleModelLike();
  return (
    <LikeToggle
      id={modelId}
      liked={liked}
      count={likeCount}
      label={`${t('card.like', { name })}, ${t('card.likes', { count: likeCount })}`}
      testIdPrefix="model-like"
      toggle={toggle}
    />
  );
}
