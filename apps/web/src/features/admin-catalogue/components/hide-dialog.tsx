import { ReasonDialog } from '@/shared/ui/reason-dialog';
import { useAdminCatalogueTranslation } from '../use-admin-catalogue-translation';

interface HideDialogProps {
  /** What is hidden or shown: an image, a type or a model, which the confirmation names. */
  kind: 'image' | 'type' | 'model';
  name: string;
  /** Whether the row is hidden now: the dialog shows it again when it is, and hides it otherwise. */
  hidden: boolean;
  onSubmit(change: { hidden: boolean; reason: string }): Promise<unknown>;
  onClose(): void;
}

/** Confirms hiding a row from users (or showing it again), with the reason the audit log keeps. */
export function HideDialog({ kind, name, hidden, onSubmit, onClose }: HideDialogProps) {
  const { t } = useAdminCatalogueTranslation();
  const hide = !hidden;
  const action = hide ? 'hide' : 'show';
  return (
    <ReasonDialog
      title={t(`${action}.title`, { name })}
      description={t(`${action}.${kind}`, { name })}
      okText={t(`${action}.ok`)}
      doneText={t(`${action}.done`, { name })}
      danger={hide}
      onSubmit={({ reason }) => onSubmit({ hidden: hide, reason })}
      onClose={onClose}
      testId={`catalogue-${action}-${kind}`}
    />
  );
}
