import { App, Button, Drawer, Flex, Steps, Typography } from 'antd';
import { useState } from 'react';
import { useCreateApplication } from '../api/create-application';
import { usePriceQuote } from '../api/get-price-quote';
import {
  CREATE_STEPS,
  createBody,
  firstProblem,
  initialChoice,
  stepProblem,
  type CreateChoice,
} from '../create-choice';
import { CreateDiskStep } from './create-disk-step';
import { CreateGpuStep } from './create-gpu-step';
import { CreateImageStep } from './create-image-step';
import { PriceBreakdown } from './price-breakdown';
import { RefusalAlert } from './refusal-alert';
import { useApplicationsTranslation } from '../use-applications-translation';

interface CreateApplicationDrawerProps {
  /** The image chosen beforehand, from the application center's rent button (`/myApp?create=<imageId>`). */
  imageId: string | undefined;
  /** A saved image to start from (`/myApp?create=<imageId>&userImage=<id>`): its original image is `imageId`. */
  userImageId?: string | undefined;
  onClose: () => void;
}

/**
 * Renting an application in three steps (spec §2): the application, the GPU and its billing, the data disk; with a
 * live quote from the second step on. Each step says what is missing before the next opens.
 */
export function CreateApplicationDrawer({ imageId, userImageId, onClose }: CreateApplicationDrawerProps) {
  const { t } = useApplicationsTranslation();
  const { message } = App.useApp();
  const create = useCreateApplication();
  const [step, setStep] = useState(imageId ? 1 : 0);
  const [choice, setChoice] = useState<CreateChoice>(() => initialChoice(imageId, userImageId));
  const [problem, setProblem] = useState<string | null>(null);
  // Quoted once the GPU step is complete: a count or duration out of range has no price, only its field's error.
  const quote = usePriceQuote(
    stepProblem('gpu', choice) === null
      ? {
          gpuModel: choice.gpuModel!,
          billingMode: choice.billingMode,
          duration: choice.billingMode === 'minute' ? 1 : choice.duration!,
          gpuCount: choice.gpuCount!,
        }
      : null,
  );

  const change = (next: Partial<CreateChoice>) => {
    setProblem(null);
    create.reset();
    setChoice((current) => ({ ...current, ...next }));
  };
  // Another image is another start: the saved disk goes with the image it was saved over.
  const chooseImage = (id: string) => change({ imageId: id, gpuModel: undefined, userImageId: undefined });

  const next = () => {
    const found = stepProblem(CREATE_STEPS[step]!, choice);
    setProblem(found);
    if (!found) {
      setStep(step + 1);
    }
  };

  const submit = () => {
    const found = firstProblem(choice);
    if (found) {
      setStep(found.step);
      setProblem(found.problem);
      return;
    }
    create.mutate(createBody(choice), {
      onSuccess: () => {
        void message.success(<span data-testid="create-done">{t('create.done')}</span>);
        onClose();
      },
    });
  };

  const last = step === CREATE_STEPS.length - 1;
  const footer = (
    <Flex vertical gap={8}>
      {create.isError ? <RefusalAlert error={create.error} /> : null}
      {problem ? (
        <Typography.Text type="danger" role="alert" data-testid="create-problem">
          {t(`contract:${problem}`)}
        </Typography.Text>
      ) : null}
      <Flex justify="flex-end" gap={8}>
        {step > 0 ? (
          <Button onClick={() => setStep(step - 1)} data-testid="create-previous">
            {t('create.previous')}
          </Button>
        ) : null}
        {last ? (
          <Button type="primary" loading={create.isPending} onClick={submit} data-testid="create-submit">
            {t('create.submit')}
          </Button>
        ) : (
          <Button type="primary" onClick={next} data-testid="create-next">
            {t('create.next')}
          </Button>
        )}
      </Flex>
    </Flex>
  );

  return (
    <Drawer
      open
      title={t('create.title')}
      onClose={onClose}
      size="min(920px, 100vw)"
      footer={footer}
      closable={{ 'aria-label': t('dialog.close') }}
      data-testid="create-drawer"
    >
      <Flex vertical gap={24}>
        <Steps
          current={step}
          size="small"
          items={CREATE_STEPS.map((key) => ({ key, title: t(`create.steps.${key}`) }))}
        />
        {step === 0 ? <CreateImageStep imageId={choice.imageId} onChoose={chooseImage} /> : null}
        {step === 1 ? <CreateGpuStep choice={choice} onChange={change} /> : null}
        {step === 2 ? <CreateDiskStep choice={choice} onChange={change} /> : null}
        {step > 0 && choice.gpuModel ? (
          <section aria-label={t('price.title')}>
            <Typography.Title level={2} style={{ fontSize: 16 }}>
              {t('price.title')}
            </Typography.Title>
            <PriceBreakdown quote={quote.data} loading={quote.isFetching} />
          </section>
        ) : null}
      </Flex>
    </Drawer>
  );
}
